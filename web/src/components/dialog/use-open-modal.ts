import { useEffect, type RefObject } from 'react';

/**
 * useOpenModal opens a <dialog> as a modal once it is on the page: focus moves into it and stays
 * there, and Escape closes it. An environment without showModal (jsdom) still shows it. focus,
 * when given, is the control that takes focus instead of the dialog's first one.
 */
export function useOpenModal(dialog: RefObject<HTMLDialogElement | null>, focus?: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = dialog.current;
    if (!element || element.open) return;
    if (typeof element.showModal === 'function') element.showModal();
    else element.setAttribute('open', '');
    focus?.current?.focus();
  }, [dialog, focus]);
}
