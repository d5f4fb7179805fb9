"""Result files in and out: a registry of the formats, each one a module of its own.

Every format module has `export_event(event) -> bytes`, and those that carry hand records take
`hidden_hands` too (board ids whose cards are left out); the formats other scorers write (PBN,
USEBIO) also have `parse_file(data: bytes) -> ImportedEvent`. A teams event is written by the
format's `teams_renderer` ("module:function", from a TeamsFile; events.services.team_exports
gathers it). Modules are named by dotted path so that the registry imports nothing until a
format is used.
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
    teams_renderer: str = ""  # "module:function" writing a teams event; "" for pairs only

    def export_event(
        self, event, *, hidden_hands: set[int] = frozenset(), public: bool = False
    ) -> bytes:
        """`public`: the file the public downloads, without the boards of a teams match still
        being played (the match page hides them too)."""
        if event.is_teams:
            return self.export_teams(event, public=public)
        module = import_module(self.module)
        if self.hands:
            return module.export_event(event, hidden_hands=hidden_hands)
        return module.export_event(event)

    def export_teams(self, event, *, public: bool = False) -> bytes:
        """A teams event's file, rendered from its plain data (the teams have no hands)."""
        from events.services.team_exports import teams_file  # the database work is a service's

        if not self.teams_renderer:
            raise ValueError(f"a teams event has no {self.label} file")
        module, function = self.teams_renderer.split(":")
        return getattr(import_module(module), function)(teams_file(event=event, public=public))

    def parse_file(self, data: bytes):
        return import_module(self.module).parse_file(data)


def formats_for(event) -> list[tuple[str, Format]]:
    """The formats the event can be downloaded in: every one for a pairs event, those with a
    teams renderer for a teams event."""
    return [(k, f) for k, f in FORMATS.items() if f.teams_renderer or not event.is_teams]


FORMATS = {
    "xlsx": Format(
        "Excel workbook",
        "xlsx",
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "events.formats.xlsx",
        teams_renderer="events.formats.xlsx_teams:render_teams_xlsx",
    ),
    "pbn": Format(
        "PBN 2.1",
        "pbn",
        "text/plain; charset=utf-8",
        "events.formats.pbn",
        hands=True,
        teams_renderer="events.formats.pbn_teams:render_teams_pbn",
    ),
    "usebio": Format(
        "USEBIO 1.2 XML",
        "xml",
        "application/xml",
        "events.formats.usebio",
        hands=True,
        teams_renderer="events.formats.usebio_teams:render_teams_usebio",
    ),
    "csv": Format("CSV", "csv", "text/csv; charset=utf-8", "events.formats.csv_export"),
    "json": Format(
        "JSON",
        "json",
        "application/json",
        "events.formats.json_export",
        hands=True,
        teams_renderer="events.formats.json_teams:render_teams_json",
    ),
}
