import type { ReactNode } from 'react';
import { type LinkBehaviour, linkAttributes } from './links.ts';
import { attributes, escapeHtml } from './string/html.ts';

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

/** The string renderer's Clickable: the same element and attributes as text. */
export function clickableHtml(
  behaviour: LinkBehaviour,
  className: string,
  inner: string,
  options: { submits?: boolean; inert?: 'span' | 'div' } = {},
): string {
  switch (behaviour.kind) {
    case 'link':
      return `<a${attributes({ class: className, ...linkAttributes(behaviour) })}>${inner}</a>`;
    case 'action': {
      const type = options.submits && behaviour.action === 'submit-step' ? 'submit' : 'button';
      return `<button${attributes({ type, class: className, ...linkAttributes(behaviour) })}>${inner}</button>`;
    }
    case 'none': {
      const tag = options.inert ?? 'span';
      return `<${tag} class="${escapeHtml(className)}">${inner}</${tag}>`;
    }
  }
}
