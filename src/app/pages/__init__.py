"""Public pages with their content in the HTML (issue 10).

The client pre-renders every static public route at build time (``client/scripts/prerender.mjs``,
react-dom/server) into ``client/dist/_pages/``; this package puts each page into the shell
(``index.html``) with its head tags, serves it compressed, and fills the record templates (blog
posts now, jobs later) from the store. One module per record kind gives the head and the content.
"""
