"""The composition root's parts: which adapter implements each port, chosen from settings.

Only this package and :mod:`app.container` import ``adapters`` (an import-linter contract).
"""
