from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from events.forms.accounts import ForgottenPasswordForm

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
    path("", include("events.urls")),
]
