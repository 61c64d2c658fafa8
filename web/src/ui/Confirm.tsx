// The question a page asks before an action that cannot be taken back (Ready with units
// left unordered, a vote that may end the game, a resignation): what follows, in a
// sentence, then the person's yes (`data-action` `<action>-confirm`) or no
// (`<action>-cancel`). It takes the place of the button that asked, so nothing moves.
import { useEffect, useRef } from 'preact/hooks';
import { useT } from './i18n';

interface Props {
  action: string;
  question: string;
  detail?: string;
  yes: string;
  onYes: () => void;
  onNo: () => void;
}

export function Confirm({ action, question, detail, yes, onYes, onNo }: Props) {
  const { t } = useT();
  const cancel = useRef<HTMLButtonElement>(null);
  // The safe answer has the focus: Enter or a second tap in the same place does no harm.
  useEffect(() => { cancel.current?.focus(); }, []);
  return (
    <div class="confirm" role="alertdialog" aria-label={question} data-confirm={action}
      onKeyDown={(e) => { if (e.key === 'Escape') { e.stopPropagation(); onNo(); } }}>
      <p class="question">{question}</p>
      {detail && <p class="muted">{detail}</p>}
      <div class="row">
        <button type="button" class="primary" data-action={`${action}-confirm`} onClick={onYes}>{yes}</button>
        <button type="button" ref={cancel} data-action={`${action}-cancel`} onClick={onNo}>{t('game.cancel')}</button>
      </div>
    </div>
  );
}
