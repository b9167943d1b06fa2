// Buttons, and the same look for router links that act as buttons.
import type { ButtonHTMLAttributes } from 'react';
import { buttonClass, type ButtonStyle } from './button-class';
import './button.css';

export { buttonClass, type ButtonVariant } from './button-class';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & ButtonStyle;

export function Button({ variant, size, block, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, block, className })} {...props} />;
}
