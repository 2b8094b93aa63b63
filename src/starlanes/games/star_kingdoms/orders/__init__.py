"""The Star Kingdoms order language: records, forms, parsing and formatting (see :mod:`.language`)."""

from starlanes.games.star_kingdoms.orders.language import (
    ENTRIES,
    OrderSheet,
    ParsedLine,
    format_order,
    format_sheet,
    parse_order,
    parse_orders,
)
from starlanes.games.star_kingdoms.orders.names import NameBook
from starlanes.games.star_kingdoms.orders.records import Order

__all__ = ["ENTRIES", "NameBook", "Order", "OrderSheet", "ParsedLine", "format_order", "format_sheet", "parse_order",
           "parse_orders"]
