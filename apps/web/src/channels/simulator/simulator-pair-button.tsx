import { Smartphone } from 'lucide-react';
import { Button } from '@/components/ui';

/** "Parear simulador": plays the phone's part, reading the simulator's QR by its code. */
export function SimulatorPairButton({ onPair, isPairing }: { onPair: () => void; isPairing: boolean }) {
  return (
    <Button onClick={onPair} isLoading={isPairing}>
      {isPairing ? null : <Smartphone aria-hidden="true" className="size-4" />}
      Parear simulador
    </Button>
  );
}
