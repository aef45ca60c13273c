/**
 * A Mantine button that is a router link: a real <a href> (it opens in a new tab, it is
 * announced as a link), with the router's typed `to`, `params` and `search`.
 */
import { forwardRef, type AnchorHTMLAttributes } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';

type ButtonAnchorProps = ButtonProps & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, keyof ButtonProps>;

const ButtonAnchor = forwardRef<HTMLAnchorElement, ButtonAnchorProps>((props, ref) => <Button component="a" ref={ref} {...props} />);
ButtonAnchor.displayName = 'ButtonAnchor';

const RouterButton = createLink(ButtonAnchor);

export const LinkButton: LinkComponent<typeof ButtonAnchor> = (props) => <RouterButton {...props} />;
