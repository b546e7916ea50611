/** Reloads the dashboard, for the actions the spec ends with a reload. */
export function reloadPage() {
  window.location.reload();
}
