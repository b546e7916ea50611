import type { ReactNode } from 'react';
import { type LinkBehaviour, linkAttributes } from './links.ts';

type ClickableProps = {
  behaviour: LinkBehaviour;
  className: string;
  children: ReactNode;
  /** A form's submit-step button submits the form; elsewhere actions are plain buttons. */
  submits?: boolean;
  /** The element used when nothing happens on click. */
  inert?: 'span' | 'div';
};

/** An `<a>` for links, a `<button>` with data-action for page actions, and a plain element for no link. */
export function Clickable({
  behaviour,
  className,
  children,
  submits = false,
  inert = 'span',
}: ClickableProps) {
  const attributes = linkAttributes(behaviour);
  switch (behaviour.kind) {
    case 'link':
      return (
        <a className={className} {...attributes}>
          {children}
        </a>
      );
    case 'action':
      return (
        <button
          type={submits && behaviour.action === 'submit-step' ? 'submit' : 'button'}
          className={className}
          {...attributes}
        >
          {children}
        </button>
      );
    case 'none': {
      const Inert = inert;
      return <Inert className={className}>{children}</Inert>;
    }
  }
}
