"""The admin API's bodies: one msgspec struct per request and response, camelCase on the wire.

A module per subject; each response struct comes with the one function that builds it from the
core's record. ``/schema`` documents them, and ``make api-types`` turns that document into
``client/src/generated/api.ts``.
"""
