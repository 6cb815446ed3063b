import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { lazyComponent } from '@/lib/lazy-component';
import { useT } from '@/lib/messages';
import { appMessages } from '@/messages/app';
import iconStyles from '@/components/button/IconButton.module.css';
import { PersonIcon } from '@/components/icons/PersonIcon';

// The panel's code (the member's details, their data, deleting the account) loads when the member
// first reaches for the menu: the first screen carries only this button.
const AccountPanel = lazyComponent(() => import('./AccountPanel').then((m) => m.AccountPanel));

/**
 * AccountMenu is the signed-in web member's menu in the top bar (AccountPanel holds its content).
 * It is a disclosure: a button that shows and hides a panel right after it, so the panel is next in
 * the tab order. Escape, a click elsewhere or tabbing past the panel closes it. It stays a small
 * icon in the corner, out of the way of the survey. Pointing at or focusing the button starts
 * loading the panel, so it is usually in by the time the button is pressed.
 */
export function AccountMenu() {
  const t = useT(appMessages);
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // A click or tap anywhere else closes the menu, as menus do.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function close(focusButton: boolean) {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      close(true);
    }
  }

  // Tabbing out of the menu closes it, so an open panel never hides the page behind it.
  function onBlur(event: FocusEvent) {
    if (open && !rootRef.current?.contains(event.relatedTarget)) setOpen(false);
  }

  return (
    <div ref={rootRef} style={{ position: 'relative' }} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        className={iconStyles.iconButton}
        aria-expanded={open}
        aria-controls={used ? panelId : undefined}
        aria-label={t('accountMenu')}
        title={t('accountMenu')}
        onPointerEnter={AccountPanel.preload}
        onFocus={AccountPanel.preload}
        onClick={() => {
          setUsed(true);
          setOpen((was) => !was);
        }}
      >
        <PersonIcon />
      </button>
      {used ? <AccountPanel open={open} id={panelId} onDone={close} /> : null}
    </div>
  );
}
