import { Button, Link, type ButtonProps, type LinkProps } from '@fluentui/react-components';
import type { MouseEvent } from 'react';
import { useHref, useLinkClickHandler } from 'react-router-dom';

function useRouterAnchor(to: string, onClick?: (event: MouseEvent<HTMLAnchorElement>) => void) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to);
  return {
    href,
    onClick: (event: MouseEvent<HTMLAnchorElement>) => {
      onClick?.(event);
      if (!event.defaultPrevented) navigate(event);
    },
  };
}

type LinkButtonProps = Omit<ButtonProps, 'as' | 'href' | 'onClick'> & {
  to: string;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
};

/** A Fluent button that is a real link: client-side navigation, middle-click and copy-link still work. */
export function LinkButton({ to, onClick, ...rest }: LinkButtonProps) {
  const anchor = useRouterAnchor(to, onClick);
  return <Button {...(rest as object)} as="a" href={anchor.href} onClick={anchor.onClick} />;
}

type TextLinkProps = Omit<LinkProps, 'as' | 'href' | 'onClick'> & {
  to: string;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
};

/** A Fluent text link with client-side navigation. */
export function TextLink({ to, onClick, ...rest }: TextLinkProps) {
  const anchor = useRouterAnchor(to, onClick);
  return <Link {...(rest as object)} as="a" href={anchor.href} onClick={anchor.onClick} />;
}
