"""The one error the scoring engine raises, and the words of the engine a person reads.

The engine imports no Django, so it cannot translate; it keeps each message as its English
template (the message id, with `%(name)s` placeholders) and the values, and translates when the
text is read, through `translator`: the identity until the Django side installs
`django.utils.translation.gettext` (events.apps). The message ids are found in the code by
`makemessages` with a `--keyword` for each name of MESSAGE_KEYWORDS, so the first argument of
each of their calls is a string literal.
"""

from collections.abc import Callable

# The calls whose first argument is a message id (xgettext's --keyword=...).
MESSAGE_KEYWORDS = ("ScoringError", "DealRefused", "Message", "words")


def _untranslated(message: str) -> str:
    return message


translator: Callable[[str], str] = _untranslated


def set_translator(translate: Callable[[str], str]) -> None:
    """Translate every engine message read from now on with `translate` (a gettext)."""
    global translator
    translator = translate


def words(text: str) -> str:
    """Marks `text`, words of the engine shown as they are (the label of a rule or a scale),
    as a message id; returns it unchanged. The Django side shows it through gettext."""
    return text


def render(message: str, values: dict[str, object]) -> str:
    """`message` translated into the active language, its placeholders filled from `values`.

    A message without values is taken as written (a "%" in it is a percent sign); a translation
    whose placeholders do not match falls back to the English."""
    text = translator(message)
    if not values:
        return text
    try:
        return text % values
    except (KeyError, ValueError, TypeError):
        return message % values


class Message:
    """Words of the engine a person reads (a rule's name, a step of an explanation): the English
    template and its values; str() translates them when read."""

    __slots__ = ("message", "values")

    def __init__(self, message: str, /, **values: object) -> None:
        self.message = message
        self.values = values

    def __str__(self) -> str:
        return render(self.message, self.values)

    def __repr__(self) -> str:
        return f"Message({self.message!r})"


class ScoringError(ValueError):
    """Input the rules cannot score; the message tells a director what to fix.

    `message` is the English template (`%(name)s` placeholders), `values` its values; str()
    gives the message translated into the active language and filled in."""

    def __init__(self, message: str, /, **values: object) -> None:
        super().__init__(message)
        self.message = message
        self.values = values

    def __str__(self) -> str:
        return render(self.message, self.values)

    def __reduce__(self):
        # Pickled with its values (a ValueError keeps its first argument alone), whatever the
        # subclass's own constructor takes.
        return _restored, (type(self), self.message, self.__dict__)


def _restored(cls: type[ScoringError], message: str, state: dict) -> ScoringError:
    error = cls.__new__(cls)
    ValueError.__init__(error, message)
    error.__dict__.update(state)
    return error
