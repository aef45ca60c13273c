/**
 * A Mantine button, and a Mantine anchor, that is a router link: a real <a href> (it
 * opens in a new tab, it is announced as a link), with the router's typed `to`, `params`
 * and `search`.
 */
import { forwardRef, type AnchorHTMLAttributes } from 'react';
import { Anchor, Button, type AnchorProps, type ButtonProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';

type ButtonAnchorProps = ButtonProps & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, keyof ButtonProps>;

const ButtonAnchor = forwardRef<HTMLAnchorElement, ButtonAnchorProps>((props, ref) => <Button component="a" ref={ref} {...props} />);
ButtonAnchor.displayName = 'ButtonAnchor';

const RouterButton = createLink(ButtonAnchor);

export const LinkButton: LinkComponent<typeof ButtonAnchor> = (props) => <RouterButton {...props} />;

type TextAnchorProps = AnchorProps & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, keyof AnchorProps>;

const TextAnchor = forwardRef<HTMLAnchorElement, TextAnchorProps>((props, ref) => <Anchor ref={ref} {...props} />);
TextAnchor.displayName = 'TextAnchor';

const RouterAnchor = createLink(TextAnchor);

export const LinkAnchor: LinkComponent<typeof TextAnchor> = (props) => <RouterAnchor {...props} />;
