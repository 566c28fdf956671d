"""Typed request bodies whose refusals are the core's: ``dto=CoreChecked`` on a handler.

A body struct says what a client should send (its fields' types; the published constraints are
the core's rules, :mod:`app.request_contract`). A body that decodes into it reaches the handler as
that struct. A JSON object that does not (a number where text belongs, a missing required field,
``"3"`` for a whole number) is not refused here with a decoding error: it reaches the handler in
the same struct, each field holding the JSON value as sent (a field left out stays ``UNSET``), so
the use case answers it as it answers any value, with the spec's 422 message or by accepting a
form it tolerates (surrounding spaces, ``526.0``, ``"3"``). Handlers of such bodies therefore
read them only through ``app.admin.schemas.common.to_core`` (the JSON object, absent fields absent)
and leave every check to ``agency_core``. A multipart form (text fields and files) is always handed
on as sent: the core checks what each field holds.

A body that is not JSON, or not a JSON object, is still a 400 ``{"message"}``, word for word as
Litestar answers it for any other body.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Final, TypeVar, get_args, get_origin

import msgspec
from litestar.dto import AbstractDTO, DTOFieldDefinition
from litestar.dto.config import DTOConfig
from litestar.exceptions import ValidationException
from litestar.openapi.spec import Reference, Schema
from litestar.serialization import decode_json
from litestar.typing import FieldDefinition

if TYPE_CHECKING:
    from litestar._openapi.schema_generation import SchemaCreator

B = TypeVar("B", bound=msgspec.Struct)
JSON_TYPES: Final = {list: "array", str: "str", int: "int", float: "float", bool: "bool", type(None): "null"}


def _struct_of(annotation: Any) -> type[msgspec.Struct]:
    """The struct of a ``data`` annotation (``JSONBody[JobIn]`` is ``Annotated[JobIn, Body(...)]``)."""
    while get_origin(annotation) is not None and get_args(annotation):
        annotation = get_args(annotation)[0]
    if not (isinstance(annotation, type) and issubclass(annotation, msgspec.Struct)):
        raise TypeError(f"CoreChecked needs a msgspec struct body, not {annotation!r}")
    return annotation


def as_sent(kind: type[B], sent: Mapping[str, object]) -> B:
    """``kind`` holding the JSON values of ``sent`` by wire name, unchecked (``UNSET`` when absent)."""
    values = {f.name: sent.get(f.encode_name, msgspec.UNSET) for f in msgspec.structs.fields(kind)}
    return kind(**values)


def decode_checked(kind: type[B], raw: bytes) -> B:
    """``raw`` as ``kind``: decoded by its types, else holding the JSON object as sent."""
    try:
        return msgspec.json.decode(raw, type=kind)
    except msgspec.MsgspecError:
        sent = decode_json(raw)  # not JSON: Litestar's SerializationException, answered 400 as usual
    if not isinstance(sent, dict):
        raise ValidationException(f"Expected `object`, got `{JSON_TYPES.get(type(sent), 'value')}`")
    return as_sent(kind, sent)


class CoreChecked(AbstractDTO[Any]):
    """The DTO of a body the core checks: the handler's ``data`` struct, decoded by :func:`decode_checked`
    and published as that struct (``return_dto=None``: answers are encoded as usual)."""

    config: ClassVar[DTOConfig] = DTOConfig()
    _bodies: ClassVar[dict[str, type[msgspec.Struct]]] = {}

    @classmethod
    def bodies(cls) -> frozenset[type[msgspec.Struct]]:
        """The body structs of the handlers registered so far."""
        return frozenset(cls._bodies.values())

    @classmethod
    def generate_field_definitions(
        cls,
        model_type: type[Any],  # noqa: ARG003
    ) -> Generator[DTOFieldDefinition, None, None]:
        yield from ()

    @classmethod
    def detect_nested_field(cls, field_definition: FieldDefinition) -> bool:  # noqa: ARG003
        return False

    @classmethod
    def create_for_field_definition(
        cls,
        field_definition: FieldDefinition,
        handler_id: str,
        backend_cls: Any = None,  # noqa: ARG003
    ) -> None:
        if field_definition.name == "data":
            cls._bodies[handler_id] = _struct_of(field_definition.annotation)

    @classmethod
    def create_openapi_schema(
        cls,
        field_definition: FieldDefinition,  # noqa: ARG003
        handler_id: str,
        schema_creator: SchemaCreator,
    ) -> Reference | Schema:
        return schema_creator.for_field_definition(FieldDefinition.from_annotation(cls._bodies[handler_id]))

    def decode_bytes(self, value: bytes) -> Any:
        return decode_checked(self._bodies[self.asgi_connection.route_handler.handler_id], value)

    def decode_builtins(self, value: dict[str, Any]) -> Any:  # a multipart form
        return as_sent(self._bodies[self.asgi_connection.route_handler.handler_id], value)
