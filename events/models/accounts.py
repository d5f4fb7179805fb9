"""What a director's account keeps beside Django's user: their own choice of language."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Account(models.Model):
    """A director's language, chosen with the switch on any page and applied when they log in
    (events.services.languages)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="account"
    )
    language = models.CharField(_("language"), max_length=8, choices=settings.LANGUAGES)

    def __str__(self) -> str:
        return f"{self.user}: {self.language}"
