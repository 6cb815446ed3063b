import type { AnchorHTMLAttributes, ComponentPropsWithRef, ReactNode } from 'react';
import { Link } from 'wouter';
import styles from './Button.module.css';

/** ButtonVariant: primary is the one main action of a screen; danger is kept for emergencies. */
export type ButtonVariant = 'primary' | 'secondary' | 'danger';

/** buttonClassName styles any element (a button, a router link, a tel: link) as a button. */
export function buttonClassName(variant: ButtonVariant = 'primary', block = false, extra?: string): string {
  return [styles.button, styles[variant], block ? styles.block : undefined, extra].filter(Boolean).join(' ');
}

interface Look {
  variant?: ButtonVariant;
  /** block makes the button as wide as its container, which suits thumbs on phones. */
  block?: boolean;
}

export function Button({ variant, block, className, type = 'button', ...props }: ComponentPropsWithRef<'button'> & Look) {
  return <button type={type} className={buttonClassName(variant, block, className)} {...props} />;
}

/** ButtonLink is a link inside the app that looks like a button. */
export function ButtonLink({ variant, block, className, to, children }: { to: string; className?: string; children: ReactNode } & Look) {
  return (
    <Link className={buttonClassName(variant, block, className)} to={to}>
      {children}
    </Link>
  );
}

/** ButtonAnchor is a plain link (tel:, sms:, another site) that looks like a button. */
export function ButtonAnchor({ variant, block, className, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & Look) {
  return <a className={buttonClassName(variant, block, className)} {...props} />;
}
