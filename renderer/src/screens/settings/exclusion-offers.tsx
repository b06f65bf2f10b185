import { useCallback, useEffect, useState } from 'react';
import { exclusionOfferText, type ExclusionOfferDto } from '../../../../shared/api/index.js';
import { useApi } from '../../lib/api-context.js';
import { errorText } from '../../state/app-store.js';

/**
 * What another device stopped excluding and this one still excludes (offer52): another device never
 * widens capture here, so the user is asked. One plain line per offer, Stop excluding / Keep excluding.
 * Read again after each sync pass (the sync.status event), when an offer may have come.
 */
export function ExclusionOffers() {
  const api = useApi();
  const [offers, setOffers] = useState<ExclusionOfferDto[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => api.call('sync.exclusionOffers', {}).then((r) => r.offers), [api]);
  useEffect(() => {
    let live = true;
    const read = () => void load().then((o) => live && setOffers(o), (e: unknown) => live && setError(errorText(e)));
    read();
    const off = api.on('sync.status', read);
    return () => {
      live = false;
      off();
    };
  }, [api, load]);

  async function answer(id: number, accept: boolean) {
    setBusy(true);
    setError(null);
    try {
      setOffers((await api.call('sync.answerExclusionOffer', { id, answer: accept ? 'accept' : 'decline' })).offers);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  if (offers.length === 0 && !error) return null;
  return (
    <div className="stack" data-testid="exclusion-offers">
      {offers.map((o) => (
        <div key={o.id} className="stack" data-testid="exclusion-offer">
          <div>{exclusionOfferText(o)}</div>
          <div className="row">
            <button type="button" className="btn" disabled={busy} onClick={() => void answer(o.id, true)}>
              Stop excluding
            </button>
            <button type="button" className="btn" disabled={busy} onClick={() => void answer(o.id, false)}>
              Keep excluding
            </button>
          </div>
        </div>
      ))}
      {error && (
        <div className="tone-danger" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
