"""/admin/ for the site's administrators: clubs to edit (name, address, directors); players and
events to read only, since a change to them goes through the app, which rescores and records it
in the club's history."""

from django.contrib import admin

from events.models import Club, Event, Player


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "slug"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["directors"]


class ReadOnlyAdmin(admin.ModelAdmin):
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
