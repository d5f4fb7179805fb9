from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from django.views.decorators.csrf import csrf_exempt
from django.views.i18n import set_language

from events.forms.accounts import ForgottenPasswordForm
from events.views.languages import javascript_catalog

urlpatterns = [
    path("admin/", admin.site.urls),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    # A forgotten password, and an invited director's first one: Django's own reset views.
    path(
        "password/forgotten/",
        auth_views.PasswordResetView.as_view(form_class=ForgottenPasswordForm),
        name="password_reset",
    ),
    path("password/sent/", auth_views.PasswordResetDoneView.as_view(), name="password_reset_done"),
    path(
        "password/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "password/chosen/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
    # The language switch (Django's set_language) and the scripts' words. The switch carries no
    # CSRF token, so that a kept public page stays the same for all its readers: a forged post
    # can only change the reader's language.
    path("i18n/setlang/", csrf_exempt(set_language), name="set_language"),
    path("jsi18n/", javascript_catalog, name="javascript-catalog"),
    path("", include("events.urls")),
]
