"""The forgotten-password form: Django's, for every active account with the address (one
invited that has not chosen a password yet too), and refused where no mail server is set."""

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import PasswordResetForm
from django.utils.translation import gettext_lazy as _

from events.services.invitations import mail_is_set_up


class ForgottenPasswordForm(PasswordResetForm):
    @property
    def sends_mail(self) -> bool:
        return mail_is_set_up()

    def clean(self):
        if not self.sends_mail:
            raise forms.ValidationError(
                _(
                    "This site sends no email. Ask the site's administrator to set a new "
                    "password for you (in /admin/, Users)."
                )
            )
        return super().clean()

    def get_users(self, email):
        # An invited director who lost the invitation has no usable password yet; Django's own
        # form would leave them out.
        users = get_user_model()._default_manager.filter(email__iexact=email, is_active=True)
        return (user for user in users if user.email.lower() == email.lower())
