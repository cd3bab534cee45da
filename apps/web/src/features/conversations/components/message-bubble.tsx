import type { Message, MessageType } from '@atende/contracts';
import { Ban, FileText, Image, MapPin, Mic, Sparkles, Sticker, Video } from 'lucide-react';
import { memo, useEffect, useId, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { formatNumber, formatTime } from '@/lib/format';
import { useTouchHold } from '../hooks/use-touch-hold';
import { BUBBLE_TONES, bubbleTone } from '../lib/bubble-tone';
import { bubbleText, confidencePercent, isOwnMessage, quotedText, senderLabel } from '../lib/message-text';
import { formatWhatsApp } from '../lib/whatsapp-format';
import { MessageActionBar, type MessageActions } from './message-action-bar';
import { MessageClarification } from './message-clarification';
import { MessageEvidence } from './message-evidence';
import { MessageMedia } from './message-media';
import { BubbleReactionPicker, MessageReactions } from './message-reactions';
import { MessageStatusIcon } from './message-status-icon';
import { VoiceTranscript } from './voice-transcript';

const TYPE_ICONS: Partial<Record<MessageType, { Icon: typeof Image; label: string }>> = {
  image: { Icon: Image, label: 'Imagem' },
  audio: { Icon: Mic, label: 'Áudio' },
  document: { Icon: FileText, label: 'Documento' },
  location: { Icon: MapPin, label: 'Localização' },
  video: { Icon: Video, label: 'Vídeo' },
  sticker: { Icon: Sticker, label: 'Figurinha' },
};

interface Props {
  message: Message;
  actions: MessageActions;
  isSelected: boolean;
  isSelecting: boolean;
  /** A clarifying question's answer, or the question an answer followed (see clarificationLinks). */
  linked?: Message | undefined;
}

/**
 * One chat bubble. Customer content is rendered as React text only (never as HTML). The action bar
 * exists in the DOM only while hovered, focused or touch-held, to keep the page small.
 */
export const MessageBubble = memo(function MessageBubble({
  message,
  actions,
  isSelected,
  isSelecting,
  linked,
}: Props) {
  const own = isOwnMessage(message);
  const tone = BUBBLE_TONES[bubbleTone(message)];
  const text = message.deletedAt ? '' : bubbleText(message);
  const [isHovered, setHovered] = useState(false);
  const [isHeld, setHeld] = useState(false);
  const [openMenus, setOpenMenus] = useState(0);
  const [showEvidence, setShowEvidence] = useState(false);
  const evidenceId = useId();
  const touch = useTouchHold(() => setHeld(true));
  const rootRef = useRef<HTMLDivElement>(null);
  // A touch-held bar closes when the user touches anywhere else.
  useEffect(() => {
    if (!isHeld) return;
    const onDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setHeld(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [isHeld]);
  const showActions = !isSelecting && (isHovered || isHeld || openMenus > 0);
  const onMenuOpenChange = (open: boolean) => setOpenMenus((n) => Math.max(0, n + (open ? 1 : -1)));
  const typeIcon = TYPE_ICONS[message.type];
  const hasReactions = Object.values(message.reactions).some((r) => r.senders.length > 0);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover/touch-hold only reveal the action bar, whose buttons are the accessible controls
    <div
      ref={rootRef}
      data-testid="message-bubble"
      data-message-id={message.id}
      data-sender={message.sender}
      className={cn(
        'flex items-start gap-2 px-3 py-1.5 md:px-5',
        own ? 'justify-end' : 'justify-start',
        isSelected && 'bg-indigo-50/70 dark:bg-indigo-500/10',
      )}
      onPointerEnter={(e) => e.pointerType === 'mouse' && setHovered(true)}
      // A bubble drawn under a still pointer (the chat opened where the list was) never hears it
      // enter: the first move over it counts as well.
      onPointerMove={(e) => e.pointerType === 'mouse' && !isHovered && setHovered(true)}
      onPointerLeave={(e) => {
        if (e.pointerType === 'mouse') setHovered(false);
      }}
      // Keyboard focus shows the actions; a tap's focus must not, or the bar appears between the
      // press and the click and the tapped button moves away from the finger.
      onFocus={(e) => e.target.matches(':focus-visible') && setHovered(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) {
          setHovered(false);
          setHeld(false);
        }
      }}
      {...touch}
    >
      {isSelecting && (
        <input
          type="checkbox"
          checked={isSelected}
          onChange={() => actions.onToggleSelect(message.id)}
          aria-label="Selecionar mensagem"
          className="mt-3 size-4 shrink-0 accent-indigo-600"
        />
      )}
      <div
        className={cn(
          'group relative flex max-w-[85%] flex-col md:max-w-[70%]',
          own ? 'items-end' : 'items-start',
          // Checkboxes sit on the left of every message; ours stay on the right side.
          own && isSelecting && 'ml-auto',
        )}
      >
        {showActions && (
          <MessageActionBar
            message={message}
            actions={actions}
            isOwn={own}
            onMenuOpenChange={onMenuOpenChange}
          />
        )}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: click toggles selection only in selection mode; the checkbox is the accessible control */}
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: see above */}
        <div
          data-testid="bubble-body"
          data-tone={bubbleTone(message)}
          onClick={isSelecting ? () => actions.onToggleSelect(message.id) : undefined}
          className={cn(
            'min-w-24 rounded-2xl px-3.5 py-2',
            tone.bubble,
            isSelecting && 'cursor-pointer',
            isSelected && 'ring-2 ring-indigo-400 ring-offset-1 dark:ring-offset-slate-950',
          )}
        >
          <div
            data-testid="bubble-meta"
            className={cn('mb-0.5 flex items-center gap-1.5 font-semibold text-[11px]', tone.meta)}
          >
            {message.aiGenerated && (
              <span
                data-testid="ai-mark"
                title="Escrita pela IA"
                className="inline-flex items-center gap-0.5 rounded bg-violet-700 px-1 py-px font-bold text-[10px] text-white leading-none"
              >
                <Sparkles aria-hidden="true" className="size-2.5" />
                IA
              </span>
            )}
            <span data-testid="sender-label">{senderLabel(message)}</span>
            {message.authorName && !message.aiGenerated && (
              <span data-testid="author-name" className="font-normal">
                · {message.authorName}
              </span>
            )}
            {typeIcon && <typeIcon.Icon role="img" aria-label={typeIcon.label} className="size-3" />}
          </div>
          {message.replyTo && (
            <div
              data-testid="quoted-reply"
              className={cn('mb-1.5 rounded-md border-l-2 px-2 py-1 text-xs', tone.quote)}
            >
              <div className="font-semibold">
                {senderLabel({ sender: message.replyTo.sender, aiGenerated: false })}
              </div>
              <div className="line-clamp-2 whitespace-pre-wrap break-words">
                {quotedText(message.replyTo.content)}
              </div>
            </div>
          )}
          {message.deletedAt ? (
            // Deleted by its author: nothing of it is shown (the original stays for the audit only).
            <p
              data-testid="message-deleted"
              className="flex items-center gap-1.5 text-sm italic leading-relaxed opacity-75"
            >
              <Ban aria-hidden="true" className="size-3.5" />
              Mensagem apagada
            </p>
          ) : (
            <>
              <MessageMedia message={message} />
              <VoiceTranscript message={message} />
            </>
          )}
          {text && (
            <div
              data-testid="message-content"
              className="whitespace-pre-wrap break-words text-sm leading-relaxed"
            >
              {formatWhatsApp(text)}
            </div>
          )}
          <div
            data-testid="bubble-footer"
            className={cn('mt-1 flex items-center justify-end gap-1.5 text-[11px]', tone.meta)}
          >
            {message.aiGenerated && message.confidenceScore !== null && (
              <span data-testid="confidence" title="Confiança da IA" className="tabular-nums">
                Confiança {confidencePercent(message.confidenceScore)}
              </span>
            )}
            {message.evidence.length > 0 && (
              <button
                type="button"
                aria-expanded={showEvidence}
                aria-controls={evidenceId}
                onClick={() => setShowEvidence((v) => !v)}
                // The pseudo-element widens the target to 44 px for a finger without growing the footer.
                className="relative rounded underline underline-offset-2 before:absolute before:-inset-x-2 before:-inset-y-3.5 hover:opacity-80 focus-visible:outline-2 focus-visible:outline-current"
              >
                {showEvidence ? 'Ocultar fontes' : `Fontes (${formatNumber(message.evidence.length)})`}
              </button>
            )}
            {message.editedAt && !message.deletedAt && (
              <span data-testid="message-edited" title={`Editada às ${formatTime(message.editedAt)}`}>
                editada
              </span>
            )}
            <time dateTime={message.timestamp}>{formatTime(message.timestamp)}</time>
            {own && (
              <MessageStatusIcon status={message.status} readClass={tone.read} failedClass={tone.failed} />
            )}
          </div>
          <MessageClarification message={message} linked={linked} />
          {showEvidence && <MessageEvidence id={evidenceId} evidence={message.evidence} />}
          {message.status === 'failed' && message.statusError && (
            <p
              data-testid="message-failure"
              role="note"
              className="mt-1.5 rounded-md bg-red-600/90 px-2 py-1 text-[11px] text-white leading-snug"
            >
              Não entregue (erro {message.statusError.code}): {message.statusError.explanation}
            </p>
          )}
        </div>
        {hasReactions ? (
          <MessageReactions message={message} isOwn={own} onReact={actions.onReact} />
        ) : (
          showActions && (
            <BubbleReactionPicker
              message={message}
              onReact={actions.onReact}
              onOpenChange={onMenuOpenChange}
              className={cn('absolute -bottom-2.5', own ? 'left-1' : 'right-1')}
            />
          )
        )}
      </div>
    </div>
  );
});
