import { useEffect, useState } from 'react';
import type { BrainSettingsPatch, BrainSettingsView } from '../../../../shared/api/index.js';
import { useApi } from '../../lib/api-context.js';
import { errorText, useAppStore } from '../../state/app-store.js';
import { IconBrain } from '../../ui/icons.js';
import { NumberField } from '../../ui/number-field.js';
import { Switch } from '../../ui/switch.js';
import { Card } from '../../ui/card.js';

/** The half-life offered when the user turns aging on (the field then says what it is). */
const DEFAULT_HALF_LIFE_DAYS = 90;

/**
 * Settings → Brain: how experiences age, how long a memory agent may keep checking before it writes,
 * when a capture segment ends, and when consolidation runs by itself. Each change is saved at once
 * and used by the brain from its next step; no restart.
 */
export function BrainSettingsCard() {
  const api = useApi();
  const toast = useAppStore((s) => s.toast);
  const [b, setB] = useState<BrainSettingsView | null>(null);
  useEffect(() => {
    let live = true;
    api.call('brain.settings', {}).then(
      (s) => live && setB(s),
      (e: unknown) => live && toast(errorText(e), 'error'),
    );
    return () => {
      live = false;
    };
  }, [api, toast]);
  const update = async (patch: BrainSettingsPatch) => {
    try {
      setB(await api.call('brain.updateSettings', { patch }));
    } catch (e) {
      toast(errorText(e), 'error');
    }
  };
  const halfLife = b?.experience_half_life_days ?? null;
  return (
    <Card id="brain-h" icon={<IconBrain size={17} />} title="Brain" desc="How memories are made, grouped and consolidated. Changes apply at once." grow={false}>
      {b && (
        <>
          <div className="setting-row">
            <div className="setting-text">
              <div className="setting-title">Older experiences weigh less</div>
              <div className="setting-desc">When recommending what worked, an outcome counts half as much after this many days. Counts stay exact.</div>
            </div>
            <Switch
              label="Older experiences weigh less"
              checked={halfLife !== null}
              onChange={(v) => void update({ experience_half_life_days: v ? DEFAULT_HALF_LIFE_DAYS : null })}
            />
          </div>
          {halfLife !== null && (
            <div className="setting-row">
              <div className="setting-text">
                <div className="setting-title">Experience half-life</div>
              </div>
              <NumberField label="Experience half-life in days" value={halfLife} min={1} max={3650} unit="days" onCommit={(v) => void update({ experience_half_life_days: v })} />
            </div>
          )}
          <div className="setting-row">
            <div className="setting-text">
              <div className="setting-title">Checking steps per batch</div>
              <div className="setting-desc">With a model: at most this many calls a memory agent makes to look up and update what it already keeps.</div>
            </div>
            <NumberField label="Maximum chaining steps" value={b.max_chaining_steps} min={1} max={20} onCommit={(v) => void update({ max_chaining_steps: v })} />
          </div>
          <div className="setting-row">
            <div className="setting-text">
              <div className="setting-title">Checking calls per batch, all agents</div>
              <div className="setting-desc">With a model: a cost cap on the calls all memory agents together spend checking one batch.</div>
            </div>
            <NumberField label="Chaining calls per batch" value={b.chain_budget_calls} min={2} max={200} unit="calls" onCommit={(v) => void update({ chain_budget_calls: v })} />
          </div>
          <div className="setting-row">
            <div className="setting-text">
              <div className="setting-title">Segment gap</div>
              <div className="setting-desc">A pause this long ends a stretch of activity, which is then summarised as one session.</div>
            </div>
            <NumberField label="Segment collapse gap in minutes" value={b.segment_collapse_min} min={1} max={7 * 24 * 60} unit="minutes" onCommit={(v) => void update({ segment_collapse_min: v })} />
          </div>
          <div className="setting-row">
            <div className="setting-text">
              <div className="setting-title">Archive unused memories</div>
              <div className="setting-desc">Archive memories unused for this many days: search and chat skip them, nothing is deleted, and they can be restored. 0 = never.</div>
            </div>
            <NumberField label="Archive memories unused for N days" value={b.archive_after_days} min={0} max={36_500} unit="days" onCommit={(v) => void update({ archive_after_days: v })} />
          </div>
          <div className="setting-row">
            <div className="setting-text">
              <div className="setting-title">Consolidate by itself</div>
              <div className="setting-desc">Merge duplicates and summarise old activity when the computer is idle.</div>
            </div>
            <Switch label="Consolidate by itself" checked={b.dream.auto} onChange={(v) => void update({ dream: { auto: v } })} />
          </div>
          {b.dream.auto && (
            <>
              <div className="setting-row">
                <div className="setting-text">
                  <div className="setting-title">At most every</div>
                </div>
                <NumberField label="Consolidate at most every so many hours" value={b.dream.min_interval_h} min={1} max={24 * 30} unit="hours" onCommit={(v) => void update({ dream: { min_interval_h: v } })} />
              </div>
              <div className="setting-row">
                <div className="setting-text">
                  <div className="setting-title">After idle for</div>
                </div>
                <NumberField label="Consolidate after idle minutes" value={b.dream.idle_min} min={1} max={24 * 60} unit="minutes" onCommit={(v) => void update({ dream: { idle_min: v } })} />
              </div>
            </>
          )}
        </>
      )}
    </Card>
  );
}
