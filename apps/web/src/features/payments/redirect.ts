/**
 * Leaves the app for the payment provider's hosted checkout (or the demo checkout). A page load,
 * not a route change: the provider's page is not ours. Its own module so tests can replace it.
 */
export function leaveForCheckout(url: string): void {
  window.location.assign(url);
}
