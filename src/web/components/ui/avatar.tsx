import * as AvatarPrimitive from '@radix-ui/react-avatar';
import { cn } from '../../lib/cn.ts';

export function Avatar({ initials, imageUrl, className }: { initials: string; imageUrl?: string | null; className?: string }) {
  return (
    <AvatarPrimitive.Root className={cn('relative flex size-9 shrink-0 overflow-hidden rounded-full', className)}>
      {imageUrl ? <AvatarPrimitive.Image src={imageUrl} alt="" className="aspect-square size-full object-cover" /> : null}
      <AvatarPrimitive.Fallback
        delayMs={imageUrl ? 300 : 0}
        className="flex size-full items-center justify-center bg-primary text-sm font-semibold text-primary-foreground"
      >
        {initials}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
