from django.urls import path, register_converter

from events.pads import calculators
from events.pads import views as pads
from events.views import (
    barometer,
    club_settings,
    clubs,
    competitions,
    director,
    downloads,
    entry,
    hand_records,
    history,
    imports,
    individuals,
    member_lists,
    problems,
    public,
    repairs,
    results_json,
    room,
    site_clubs,
    table,
    table_links,
    team_rounds,
    teams,
    teams_public,
)


class SectionLetter:
    """A section's letter or two ("A", "B"): anything else is a 404, never a database query."""

    regex = "[A-Za-z0-9]{1,2}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(SectionLetter, "section")


class PairSlug:
    """A pair as its label in a URL: "3ns", "3ew" in a Mitchell numbered per direction, "3"
    otherwise (and for the numeric URLs published before)."""

    regex = "[0-9]+(?:[nN][sS]|[eE][wW])?"

    def to_python(self, value: str) -> str:
        return value.lower()

    def to_url(self, value) -> str:
        return str(value)


register_converter(PairSlug, "pair")

urlpatterns = [
    path("", public.home, name="home"),
    # A table's page: its token (events.services.tables.access) is its only key.
    path("table/<str:token>/", table.table, name="table"),
    path("table/<str:token>/lines/", table.line, name="table-line"),
    path("table/<str:token>/lines/<uuid:key>/accept/", table.accept, name="table-accept"),
    path("table/<str:token>/lines/<uuid:key>/dispute/", table.dispute, name="table-dispute"),
    path("table/<str:token>/call/", table.call, name="table-call"),
    path("table/<str:token>/seated/", table.seated, name="table-seated"),
    path("clubs/<slug:slug>/", public.club, name="club"),
    path("events/<int:event_id>/", public.event, name="event"),
    path("events/<int:event_id>/ranking/", public.ranking_fragment, name="ranking-fragment"),
    path(
        "events/<int:event_id>/<section:section>/pairs/<pair:number>/",
        public.scorecard_view,
        name="scorecard",
    ),
    path(
        "events/<int:event_id>/pairs/<pair:number>/",
        public.scorecard_without_section,
        name="scorecard-without-section",
    ),
    path(
        "events/<int:event_id>/<section:section>/players/<int:number>/",
        public.player_scorecard_view,
        name="player-scorecard",
    ),
    path(
        "events/<int:event_id>/<section:section>/boards/<int:number>/",
        public.traveller_view,
        name="traveller",
    ),
    path(
        "events/<int:event_id>/<section:section>/boards/<int:number>/explain/<pair:pair>/",
        public.explanation_view,
        name="explain-score",
    ),
    path("clubs/<slug:slug>/players/<int:player_id>/", public.player_view, name="player"),
    path("events/<int:event_id>/teams/<int:number>/", teams_public.team_view, name="team"),
    path("events/<int:event_id>/matches/<int:match_id>/", teams_public.match_view, name="match"),
    path("events/<int:event_id>/draw/", team_rounds.round_view, name="teams-round"),
    path("events/<int:event_id>/projector/", team_rounds.projector, name="teams-projector"),
    path("events/<int:event_id>/barometer/", barometer.projector, name="barometer-projector"),
    path("events/<int:event_id>/schedule/", team_rounds.schedule, name="teams-schedule"),
    path("events/<int:event_id>/bracket/", team_rounds.bracket, name="teams-bracket"),
    path("competitions/<int:competition_id>/", competitions.competition, name="competition"),
    path(
        "competitions/<int:competition_id>/download/<str:format_key>/",
        competitions.competition_download,
        name="competition-download",
    ),
    # Downloads
    path(
        "events/<int:event_id>/download/<str:format_key>/",
        downloads.download,
        name="download",
    ),
    # Score pads and calculator
    path("calculator/", calculators.calculator, name="calculator"),
    path("calculator/imps/", calculators.imps_calculator, name="calculator-imps"),
    path(
        "calculator/matchpoints/", calculators.matchpoints_calculator, name="calculator-matchpoints"
    ),
    path(
        "calculator/victory-points/",
        calculators.victory_points_calculator,
        name="calculator-victory-points",
    ),
    path("pad/rubber/", pads.rubber_pad, name="rubber-pad"),
    path("pad/chicago/", pads.chicago_pad, name="chicago-pad"),
    path("pad/<str:kind>/deals/", pads.record_deal, name="pad-deal"),
    path("pad/<str:kind>/undo/", pads.undo, name="pad-undo"),
    path("pad/<str:kind>/end/", pads.end, name="pad-end"),
    path("pad/<str:kind>/new/", pads.new, name="pad-new"),
    # Director pages
    path("director/", director.home, name="director-home"),
    path("director/clubs/<slug:slug>/new-event/", director.event_new, name="event-new"),
    path("director/events/<int:event_id>/", director.event, name="director-event"),
    path("director/events/<int:event_id>/panels/", director.event_panels, name="director-panels"),
    path(
        "director/events/<int:event_id>/movement/",
        director.event_movement,
        name="director-movement",
    ),
    path("director/events/<int:event_id>/repair/", repairs.repair, name="director-repair"),
    path("director/events/<int:event_id>/pairs/", director.event_pairs, name="director-pairs"),
    path(
        "director/events/<int:event_id>/players/",
        individuals.event_players,
        name="director-players",
    ),
    path(
        "director/clubs/<slug:slug>/new-individual/",
        individuals.individual_new,
        name="individual-new",
    ),
    path(
        "director/events/<int:event_id>/settings/",
        director.event_settings,
        name="director-settings",
    ),
    path("director/events/<int:event_id>/status/", director.event_status, name="director-status"),
    path("director/events/<int:event_id>/cards/", director.table_cards, name="director-cards"),
    path("director/events/<int:event_id>/hands/", hand_records.upload_hands, name="director-hands"),
    # The players' entry at the table: the tables' links, the room, calls and take-over
    path("director/events/<int:event_id>/tables/", table_links.table_links, name="director-tables"),
    path(
        "director/events/<int:event_id>/tables/<int:access_id>/new-link/",
        table_links.new_link,
        name="director-table-new-link",
    ),
    path("director/events/<int:event_id>/room/", room.room, name="director-room"),
    path("director/events/<int:event_id>/room/grid/", room.room_grid, name="director-room-grid"),
    path("director/events/<int:event_id>/calls/", room.calls, name="director-calls"),
    path(
        "director/events/<int:event_id>/calls/<int:call_id>/clear/",
        room.call_clear,
        name="director-call-clear",
    ),
    path(
        "director/events/<int:event_id>/table-lines/<int:line_id>/accept/",
        room.table_line_accept,
        name="director-table-line-accept",
    ),
    path(
        "director/events/<int:event_id>/table-lines/<int:line_id>/discard/",
        room.table_line_discard,
        name="director-table-line-discard",
    ),
    # Teams events
    path(
        "director/clubs/<slug:slug>/new-teams-event/", teams.team_event_new, name="teams-event-new"
    ),
    path("director/events/<int:event_id>/teams/", teams.teams_event, name="director-teams"),
    path("director/events/<int:event_id>/teams/panels/", teams.teams_panels, name="teams-panels"),
    path("director/events/<int:event_id>/teams/add/", teams.team_add, name="team-add"),
    path(
        "director/events/<int:event_id>/teams/settings/",
        teams.teams_settings,
        name="teams-settings",
    ),
    path("director/events/<int:event_id>/teams/<int:number>/", teams.team_edit, name="team-edit"),
    path(
        "director/events/<int:event_id>/teams/<int:number>/delete/",
        teams.team_delete,
        name="team-delete",
    ),
    path("director/events/<int:event_id>/matches/add/", teams.match_add, name="match-add"),
    path("director/events/<int:event_id>/draw/", team_rounds.draw, name="teams-draw"),
    path(
        "director/events/<int:event_id>/draw/next/", team_rounds.draw_round, name="teams-draw-next"
    ),
    path("director/events/<int:event_id>/draw/swap/", team_rounds.swap, name="teams-draw-swap"),
    path(
        "director/events/<int:event_id>/draw/take-back/",
        team_rounds.take_back,
        name="teams-draw-take-back",
    ),
    path(
        "director/events/<int:event_id>/matches/<int:match_id>/",
        teams.match_entry,
        name="director-match",
    ),
    path(
        "director/events/<int:event_id>/matches/<int:match_id>/lines/",
        teams.match_line_save,
        name="match-line-save",
    ),
    path(
        "director/events/<int:event_id>/matches/<int:match_id>/preview/",
        teams.match_line_preview,
        name="match-line-preview",
    ),
    path(
        "director/events/<int:event_id>/matches/<int:match_id>/lines/delete/",
        teams.match_line_delete,
        name="match-line-delete",
    ),
    path(
        "director/events/<int:event_id>/matches/<int:match_id>/board-imps/",
        teams.match_board_imps,
        name="match-board-imps",
    ),
    path(
        "director/events/<int:event_id>/matches/<int:match_id>/captains/",
        teams.match_captains,
        name="match-captains",
    ),
    path(
        "director/events/<int:event_id>/matches/<int:match_id>/adjust/",
        teams.match_adjust,
        name="match-adjust",
    ),
    # History, undo and corrections
    path("director/events/<int:event_id>/history/", history.history, name="director-history"),
    path(
        "director/events/<int:event_id>/history/<int:change_id>/undo/",
        history.undo,
        name="director-undo",
    ),
    path("director/events/<int:event_id>/reopen/", history.reopen, name="director-reopen"),
    # Club administration and backups
    path("director/clubs/<slug:slug>/", clubs.club, name="club-admin"),
    path("director/clubs/<slug:slug>/directors/", clubs.director_add, name="director-add"),
    path(
        "director/clubs/<slug:slug>/directors/<int:user_id>/remove/",
        clubs.director_remove,
        name="director-remove",
    ),
    path(
        "director/clubs/<slug:slug>/directors/<int:user_id>/password-link/",
        clubs.director_password_link,
        name="director-password-link",
    ),
    path("director/clubs/<slug:slug>/players/", clubs.player_add, name="player-add"),
    path(
        "director/clubs/<slug:slug>/players/<int:player_id>/",
        clubs.player_edit,
        name="player-edit",
    ),
    path(
        "director/clubs/<slug:slug>/players/<int:player_id>/remove/",
        clubs.player_remove,
        name="player-remove",
    ),
    path("director/clubs/<slug:slug>/players/merge/", clubs.players_merge, name="players-merge"),
    path("director/clubs/<slug:slug>/members/", member_lists.members_upload, name="members-upload"),
    path(
        "director/clubs/<slug:slug>/members/<int:upload_id>/",
        member_lists.members_preview,
        name="members-preview",
    ),
    path(
        "director/clubs/<slug:slug>/members/<int:upload_id>/confirm/",
        member_lists.members_confirm,
        name="members-confirm",
    ),
    path(
        "director/clubs/<slug:slug>/members.<str:extension>",
        member_lists.members_export,
        name="members-export",
    ),
    path("director/clubs/<slug:slug>/backup/", clubs.backup_download, name="club-backup"),
    path("director/clubs/<slug:slug>/settings/", club_settings.club_settings, name="club-settings"),
    path("director/clubs/<slug:slug>/history/", history.club_history_page, name="club-history"),
    path(
        "director/clubs/<slug:slug>/history/<int:change_id>/undo/",
        history.club_undo,
        name="club-undo",
    ),
    # The site's administrator (staff): every club, a new one, a restore as a new club
    path("site/clubs/", site_clubs.clubs, name="site-clubs"),
    path("site/clubs/restore/", site_clubs.backup_restore, name="club-restore"),
    path("site/clubs/<slug:slug>/invite/", site_clubs.club_invite, name="site-club-invite"),
    path(
        "site/clubs/<slug:slug>/directors/<int:user_id>/password-link/",
        site_clubs.director_password_link,
        name="site-password-link",
    ),
    # Multi-session events
    path(
        "director/clubs/<slug:slug>/new-competition/",
        competitions.competition_new,
        name="competition-new",
    ),
    path(
        "director/competitions/<int:competition_id>/",
        competitions.competition_admin,
        name="director-competition",
    ),
    path(
        "director/competitions/<int:competition_id>/sessions/",
        competitions.session_add,
        name="competition-session-add",
    ),
    path(
        "director/competitions/<int:competition_id>/sessions/<int:session_id>/",
        competitions.session_change,
        name="competition-session",
    ),
    path(
        "director/competitions/<int:competition_id>/carry-over/",
        competitions.carry_over_change,
        name="competition-carry-over",
    ),
    path("director/events/<int:event_id>/delete/", clubs.event_delete, name="event-delete"),
    # Result entry
    path(
        "director/events/<int:event_id>/boards/<int:number>/",
        entry.board_entry,
        name="director-board",
    ),
    path(
        "director/events/<int:event_id>/rounds/<int:round_number>/tables/<int:table>/",
        entry.slip_entry,
        name="director-slip",
    ),
    path(
        "director/events/<int:event_id>/boards/<int:number>/lines/",
        entry.line_save,
        name="line-save",
    ),
    path(
        "director/events/<int:event_id>/boards/<int:number>/preview/",
        entry.line_preview,
        name="line-preview",
    ),
    path(
        "director/events/<int:event_id>/lines/<int:result_id>/delete/",
        entry.line_delete,
        name="line-delete",
    ),
    path(
        "director/events/<int:event_id>/lines/<int:result_id>/swap/",
        problems.line_swap,
        name="line-swap",
    ),
    path(
        "director/events/<int:event_id>/lines/<int:result_id>/right/",
        problems.line_confirm,
        name="line-confirm",
    ),
    # Imports
    path("events/<int:event_id>/results.json", results_json.results_json, name="results-json"),
    path("director/clubs/<slug:slug>/import/", imports.upload_file, name="import-upload"),
    path(
        "director/clubs/<slug:slug>/import/<int:upload_id>/",
        imports.import_preview,
        name="import-preview",
    ),
    path(
        "director/clubs/<slug:slug>/import/<int:upload_id>/confirm/",
        imports.import_confirm,
        name="import-confirm",
    ),
]
