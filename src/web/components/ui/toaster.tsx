import * as ToastPrimitive from '@radix-ui/react-toast';
import { CheckCircle2, AlertCircle, X } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { TOAST_DURATION_MS, dismissToast, useToasts } from '../../lib/toast-store.ts';

/** Renders the toast store (spec §9): swipe right with a 50 px threshold, viewport hotkey F8. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          className={cn(
            'toast-root group pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg',
            t.variant === 'destructive' ? 'border-destructive/30 bg-destructive-soft' : 'border-border bg-card',
          )}
        >
          {t.variant === 'destructive' ? (
            <AlertCircle aria-hidden className="mt-0.5 size-5 shrink-0 text-destructive" />
          ) : (
            <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
          )}
          <div className="grid gap-1">
            <ToastPrimitive.Title className={cn('text-sm font-semibold', t.variant === 'destructive' && 'text-destructive')}>
              {t.title}
            </ToastPrimitive.Title>
            {t.description ? (
              <ToastPrimitive.Description className="text-sm text-foreground/80">{t.description}</ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute right-2 top-2 rounded-md p-1 text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        hotkey={['F8']}
        className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-[400px]"
      />
    </ToastPrimitive.Provider>
  );
}
