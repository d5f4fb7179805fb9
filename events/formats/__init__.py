"""Result files in and out: a registry of the formats, each one a module of its own.

Every format module has `export_event(event) -> bytes`, and those that carry hand records take
`hidden_hands` too (board ids whose cards are left out); the formats other scorers write (PBN,
USEBIO) also have `parse_file(data: bytes) -> ImportedEvent`. Modules are named by dotted path
so that the registry imports nothing until a format is used.
"""

from dataclasses import dataclass
from importlib import import_module


@dataclass(frozen=True)
class Format:
    label: str
    extension: str
    content_type: str
    module: str
    hands: bool = False  # whether the files carry the deals and their double-dummy tables

    def export_event(self, event, *, hidden_hands: set[int] = frozenset()) -> bytes:
        module = import_module(self.module)
        if self.hands:
            return module.export_event(event, hidden_hands=hidden_hands)
        return module.export_event(event)

    def parse_file(self, data: bytes):
        return import_module(self.module).parse_file(data)


FORMATS = {
    "xlsx": Format(
        "Excel workbook",
        "xlsx",
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "events.formats.xlsx",
    ),
    "pbn": Format("PBN 2.1", "pbn", "text/plain; charset=utf-8", "events.formats.pbn", hands=True),
    "usebio": Format(
        "USEBIO 1.2 XML", "xml", "application/xml", "events.formats.usebio", hands=True
    ),
    "csv": Format("CSV", "csv", "text/csv; charset=utf-8", "events.formats.csv_export"),
    "json": Format("JSON", "json", "application/json", "events.formats.json_export", hands=True),
}
