// The classes of the buttons, and of router links that look like one. Free of React.

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'whatsapp';

export interface ButtonStyle {
  variant?: ButtonVariant;
  size?: 'md' | 'lg';
  block?: boolean;
  className?: string;
}

export function buttonClass({ variant = 'primary', size = 'md', block, className }: ButtonStyle = {}): string {
  return ['btn', `btn--${variant}`, size === 'lg' && 'btn--lg', block && 'btn--block', className]
    .filter(Boolean)
    .join(' ');
}
