/**
 * The mobile menu's open state: Escape closes it and gives focus back to the menu button, opening
 * moves focus to the first link, and it closes on navigation (a new location, or any link pressed,
 * even one to the current page) and on a press outside it.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

export function useMenu() {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const [shownAt, setShownAt] = useState(location.key);
  const containerRef = useRef<HTMLElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  // Closes on a new location (including the back button) while rendering, not in an effect.
  if (shownAt !== location.key) {
    setShownAt(location.key);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    // Escape and link presses are heard on the document, where they bubble from the focused link or
    // button, so the nav and its panel need no handlers of their own.
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const closeOnLink = (event: MouseEvent) => {
      const target = event.target as Element;
      if (panelRef.current?.contains(target) && target.closest('a')) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    document.addEventListener('click', closeOnLink);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
      document.removeEventListener('click', closeOnLink);
    };
  }, [open]);

  return {
    open,
    containerRef,
    buttonRef,
    panelRef,
    toggle: () => setOpen((current) => !current),
  };
}
