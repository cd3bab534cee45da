export { AvailabilityDot } from './availability-dot';
export { Avatar, initialsOf, safeImageUrl } from './avatar';
export { Button, type ButtonProps, type ButtonSize, type ButtonVariant, buttonClasses } from './button';
export { Card, CardContent, CardHeader } from './card';
export { CONFIRM_TITLES, ConfirmDialog, type ConfirmOptions, type ConfirmVariant } from './confirm-dialog';
export { Modal, type ModalSize } from './modal';
export { PRIORITY_LABELS, PRIORITY_TONES, type Priority, PriorityBadge } from './priority-badge';
export { Skeleton } from './skeleton';
export { Spinner } from './spinner';
export {
  type BadgeStatus,
  isBadgeStatus,
  STATUS_LABELS,
  STATUS_TONES,
  StatusBadge,
  type Tone,
  ToneBadge,
} from './status-badge';
export { Switch } from './switch';
export { type Toast, type ToastAction, type ToastType, toast } from './toast';
export { ConfirmProvider, useConfirm } from './use-confirm';
