import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { VoiceTranscript } from './voice-transcript';

it("shows the words under a customer's voice note once heard", () => {
  render(
    <VoiceTranscript message={{ type: 'audio', transcript: 'Qual é o prazo?', transcriptStatus: 'done' }} />,
  );
  const block = screen.getByTestId('voice-transcript');
  expect(block.dataset.status).toBe('done');
  expect(block.textContent).toContain('Transcrição');
  expect(block.textContent).toContain('Qual é o prazo?');
});

it('says it is transcribing while the job runs, and when it could not', () => {
  const { rerender } = render(
    <VoiceTranscript message={{ type: 'audio', transcript: null, transcriptStatus: 'pending' }} />,
  );
  expect(screen.getByTestId('voice-transcript').textContent).toBe('Transcrevendo áudio…');
  rerender(<VoiceTranscript message={{ type: 'audio', transcript: null, transcriptStatus: 'failed' }} />);
  expect(screen.getByTestId('voice-transcript').textContent).toBe('Não foi possível transcrever este áudio');
});

it('shows nothing when transcription was off, or for other messages', () => {
  const { container, rerender } = render(
    <VoiceTranscript message={{ type: 'audio', transcript: null, transcriptStatus: null }} />,
  );
  expect(container.innerHTML).toBe('');
  rerender(<VoiceTranscript message={{ type: 'text', transcript: 'x', transcriptStatus: 'done' }} />);
  expect(container.innerHTML).toBe('');
});
