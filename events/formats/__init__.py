"""Result files in and out: a registry of the formats, each one a module of its own.

Every format module renders a pairs or individual event from its plain data,
`render_event(pairs_file: PairsFile) -> bytes` (events.formats.pair_files); the formats other
scorers write (PBN, USEBIO) also have `parse_file(data: bytes) -> ImportedEvent`. A teams event
is written by the format's `teams_renderer` ("module:function", from a TeamsFile). The
database work is events.services.exports': it gathers the plain data a format renders. Modules
are named by dotted path so that the registry imports nothing until a format is used.
"""

from dataclasses import dataclass
from importlib import import_module

from django.utils.translation import gettext, gettext_lazy


@dataclass(frozen=True)
class Format:
    label: str  # what a page shows (the workbook's lazily translated)
    extension: str
    content_type: str
    module: str
    scorecards: bool = False  # whether the file shows every traveller and every scorecard
    teams_renderer: str = ""  # "module:function" writing a teams event; "" for pairs only

    def render(self, pairs_file) -> bytes:
        """A pairs or individual event's file, from its PairsFile."""
        return import_module(self.module).render_event(pairs_file)

    def render_teams(self, teams_file) -> bytes:
        """A teams event's file, from its TeamsFile (the teams have no hands)."""
        if not self.teams_renderer:
            raise ValueError(
                gettext("a teams event has no %(format)s file") % {"format": self.label}
            )
        module, function = self.teams_renderer.split(":")
        return getattr(import_module(module), function)(teams_file)

    def parse_file(self, data: bytes):
        return import_module(self.module).parse_file(data)


def formats_for(*, teams: bool) -> list[tuple[str, Format]]:
    """The formats an event can be downloaded in: every one for a pairs event, those with a
    teams renderer for a teams event."""
    return [(k, f) for k, f in FORMATS.items() if f.teams_renderer or not teams]


FORMATS = {
    "xlsx": Format(
        gettext_lazy("Excel workbook"),
        "xlsx",
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "events.formats.xlsx",
        scorecards=True,
        teams_renderer="events.formats.xlsx_teams:render_teams_xlsx",
    ),
    "pbn": Format(
        "PBN 2.1",
        "pbn",
        "text/plain; charset=utf-8",
        "events.formats.pbn",
        teams_renderer="events.formats.pbn_teams:render_teams_pbn",
    ),
    "usebio": Format(
        "USEBIO 1.2 XML",
        "xml",
        "application/xml",
        "events.formats.usebio",
        teams_renderer="events.formats.usebio_teams:render_teams_usebio",
    ),
    "csv": Format("CSV", "csv", "text/csv; charset=utf-8", "events.formats.csv_export"),
    "json": Format(
        "JSON",
        "json",
        "application/json",
        "events.formats.json_export",
        teams_renderer="events.formats.json_teams:render_teams_json",
    ),
}
