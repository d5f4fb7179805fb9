"""/admin/ for the site's administrators (Django's staff, with or without permissions granted
one by one): clubs to edit (name, address, directors); players and events to read only, since a
change to them goes through the app, which rescores and records it in the club's history.
Deleting a club, with everything in it, stays with those given the permission (superusers)."""

from django import forms
from django.contrib import admin

from events.forms.validators import printable
from events.models import Club, Event, Player


class StaffAdmin(admin.ModelAdmin):
    def has_module_permission(self, request) -> bool:
        return request.user.is_active and request.user.is_staff

    def has_view_permission(self, request, obj=None) -> bool:
        return self.has_module_permission(request)


class ClubAdminForm(forms.ModelForm):
    """The club's name checked as the Clubs page checks it."""

    class Meta:
        model = Club
        fields = ["name", "slug", "directors"]

    def clean_name(self) -> str:
        return printable(self.cleaned_data["name"])


@admin.register(Club)
class ClubAdmin(StaffAdmin):
    form = ClubAdminForm
    list_display = ["name", "slug"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["directors"]

    def has_add_permission(self, request) -> bool:
        return self.has_module_permission(request)

    def has_change_permission(self, request, obj=None) -> bool:
        return self.has_module_permission(request)


class ReadOnlyAdmin(StaffAdmin):
    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Player)
class PlayerAdmin(ReadOnlyAdmin):
    list_display = ["name", "member_number", "club", "guest"]
    list_filter = ["club", "guest"]
    list_select_related = ["club"]
    search_fields = ["name", "member_number"]


@admin.register(Event)
class EventAdmin(ReadOnlyAdmin):
    list_display = ["name", "date", "club", "kind", "status"]
    list_filter = ["club", "kind", "status"]
    list_select_related = ["club"]
    search_fields = ["name"]
    date_hierarchy = "date"
