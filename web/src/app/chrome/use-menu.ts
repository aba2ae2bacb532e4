/**
 * The mobile menu's open state: Escape closes it and gives focus back to the menu button, opening
 * moves focus to the first link, and it closes on navigation (a new location, or any link pressed,
 * even one to the current page) and on a press outside it.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
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
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  return {
    open,
    containerRef,
    buttonRef,
    panelRef,
    toggle: () => setOpen((current) => !current),
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !open) return;
      setOpen(false);
      buttonRef.current?.focus();
    },
    onPanelClick: (event: MouseEvent) => {
      if ((event.target as Element).closest('a')) setOpen(false);
    },
  };
}
