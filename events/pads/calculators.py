"""The calculators: what a contract scores, the IMPs between two scores, the matchpoints of a
score against others, and the victory points of a match on every scale."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext, gettext_lazy, npgettext, pgettext
from django.views.decorators.http import require_GET

from events.formats.card_words import contract_shown
from events.pads.forms import CalculatorForm, ImpsForm, MatchpointsForm, VictoryPointsForm
from scoring import VP_SCALES, Contract, ScoringError, deal_score, imps, matchpoints
from scoring.imps import imp_table
from scoring.matchpoints import MATCHPOINT_SCALES, board_top
from scoring.victory_points import FRACTIONAL_MARGINS, victory_points


def strain_name(strain: str, level: int) -> str:
    """A contract's strain as its level reads it: 1 Club, 4 Spades (French 1 Trèfle, 4 Piques)."""
    match strain:
        case "C":
            return npgettext("suit", "Club", "Clubs", level)
        case "D":
            return npgettext("suit", "Diamond", "Diamonds", level)
        case "H":
            return npgettext("suit", "Heart", "Hearts", level)
        case "S":
            return npgettext("suit", "Spade", "Spades", level)
    return npgettext("suit", "No trump", "No trumps", level)


# A contract's name, by how often it was doubled: "4 Spades doubled".
CONTRACT_NAMES = {
    0: gettext_lazy("%(level)s %(strain)s"),
    1: gettext_lazy("%(level)s %(strain)s doubled"),
    2: gettext_lazy("%(level)s %(strain)s redoubled"),
}


def describe_contract(contract: Contract) -> dict:
    """How a contract is shown: `symbol` 4♠X, `name` 4 Spades doubled, `red` for ♥ and ♦."""
    if contract.passed_out:
        return {"symbol": pgettext("call", "Pass"), "name": gettext("Passed out"), "red": False}
    return {
        "symbol": contract_shown(f"{contract.level}{contract.strain}{'X' * contract.doubled}"),
        "name": CONTRACT_NAMES[contract.doubled]
        % {"level": contract.level, "strain": strain_name(contract.strain, contract.level)},
        "red": contract.strain in ("H", "D"),
    }


def result_label(contract: Contract, tricks: int) -> str:
    """The result as a traveller writes it: =, +1, -2."""
    margin = tricks - contract.tricks_needed
    return "=" if margin == 0 else f"{margin:+d}"


def results_table(contract: Contract) -> list[dict]:
    """Every result of the contract, 13 tricks down to 0, not vulnerable and vulnerable."""
    return [
        {
            "tricks": tricks,
            "result": result_label(contract, tricks),
            "made": tricks >= contract.tricks_needed,
            "not_vulnerable": deal_score(contract, False, tricks),
            "vulnerable": deal_score(contract, True, tricks),
        }
        for tricks in range(13, -1, -1)
    ]


def comparison(score: int, *, other: int | None, scores: list[int]) -> dict:
    """IMPs against the other table's score and matchpoints against a list of scores."""
    compared = {}
    if other is not None:
        compared["difference"] = score - other
        compared["imps"] = imps(score - other)
    if scores:
        against = matchpoints_against(score, scores)
        scale = against["scales"][0]
        compared.update(
            matchpoints=scale["matchpoints"],
            top=scale["top"],
            percent=against["percent"],
            tables=len(scores),
        )
    return compared


def imps_between(score: int, other: int, table: str = "wbf") -> dict:
    """The IMPs for score - other, with the row of the IMP table that gives them."""
    won = imps(score - other, table)
    bounds = imp_table(table).lower_bounds
    row = abs(won)
    return {
        "difference": score - other,
        "imps": won,
        "row_imps": row,
        "row_from": bounds[row],
        "row_to": bounds[row + 1] - 10 if row + 1 < len(bounds) else None,
        "table": imp_table(table).label,
    }


def matchpoints_against(score: int, scores: list[int]) -> dict:
    """The score's matchpoints against the other scores on each scale, its percentage, and how
    many of them it beat, tied and lost to."""
    scales = [
        {
            "label": label,
            "matchpoints": matchpoints([score, *scores], per_beat)[0],
            "top": board_top(len(scores) + 1, per_beat),
        }
        for per_beat, label in MATCHPOINT_SCALES.items()
    ]
    return {
        "scales": scales,
        "percent": 100 * scales[0]["matchpoints"] / scales[0]["top"],
        "beaten": sum(other < score for other in scores),
        "tied": sum(other == score for other in scores),
        "lost": sum(other > score for other in scores),
    }


def victory_points_on_every_scale(margin, boards: int) -> list[dict]:
    """Each scale the engine has, with the match's (VPs for, VPs against) on it, or why the
    scale does not apply (a scale made for other match lengths)."""
    rows = []
    for key, scale in VP_SCALES.items():
        row = {"key": key, "label": scale.label, "total": scale.total, "decimals": scale.decimals}
        try:
            row["for"], row["against"] = victory_points(margin, boards, key)
        except ScoringError as error:
            row["refusal"] = str(error)
        rows.append(row)
    return rows


@require_GET
def calculator(request: HttpRequest) -> HttpResponse:
    form = CalculatorForm(request.GET or None)
    context = {"form": form}
    if form.is_valid():
        data = form.cleaned_data
        contract, breakdown = data["contract"], data["breakdown"]
        margin = 0 if contract.passed_out else data["tricks"] - contract.tricks_needed
        context.update(
            contract=contract,
            shown=describe_contract(contract),
            declarer=data["declarer"],
            vulnerable=data["vulnerable"],
            tricks=data["tricks"],
            breakdown=breakdown,
            overtricks=max(margin, 0),
            down=max(-margin, 0),
            compared=comparison(breakdown.total, other=data["other"], scores=data["scores"]),
            table=[] if contract.passed_out else results_table(contract),
        )
    return render(request, "calculator/calculator.html", context)


@require_GET
def imps_calculator(request: HttpRequest) -> HttpResponse:
    form = ImpsForm(request.GET or None)
    context = {"form": form}
    if form.is_valid():
        data = form.cleaned_data
        context["result"] = imps_between(data["score"], data["other"], data["table"])
    return render(request, "calculator/imps.html", context)


@require_GET
def matchpoints_calculator(request: HttpRequest) -> HttpResponse:
    form = MatchpointsForm(request.GET or None)
    context = {"form": form}
    if form.is_valid():
        data = form.cleaned_data
        context["result"] = matchpoints_against(data["score"], data["scores"])
        context["score"] = data["score"]
    return render(request, "calculator/matchpoints.html", context)


@require_GET
def victory_points_calculator(request: HttpRequest) -> HttpResponse:
    form = VictoryPointsForm(request.GET or None)
    context = {"form": form}
    if form.is_valid():
        data = form.cleaned_data
        context["scales"] = victory_points_on_every_scale(data["margin"], data["boards"])
        context["margin"], context["boards"] = f"{float(data['margin']):g}", data["boards"]
        if data["margin"].denominator != 1:
            context["rounded"] = FRACTIONAL_MARGINS["round"]
    return render(request, "calculator/victory_points.html", context)
