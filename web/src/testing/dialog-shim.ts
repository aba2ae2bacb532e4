/**
 * jsdom has HTMLDialogElement but not showModal() or close() (nor the focus trap, inertness or the
 * Escape → `cancel` they bring: the end-to-end tests check those in Chromium). This minimal stand-in
 * only toggles `open`, so a modal is shown and can be queried by role in unit tests.
 */
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
