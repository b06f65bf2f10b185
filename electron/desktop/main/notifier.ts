import { Notification } from 'electron';
import { notificationFor, NotificationThrottle, type Problem, type ProblemSource } from '../policy/index.js';

/** Native notifications for problems, once per quiet period each (electron/desktop/policy decides). */
export class Notifier {
  private readonly throttle = new NotificationThrottle();
  private readonly noticed = new Set<string>();

  constructor(
    private readonly iconPath: string,
    private readonly onClick: () => void,
  ) {}

  problem(problem: Problem): void {
    if (!Notification.isSupported() || !this.throttle.shouldShow(problem)) return;
    const spec = notificationFor(problem);
    const n = new Notification({ title: spec.title, body: spec.body, icon: this.iconPath, silent: false });
    n.on('click', this.onClick);
    n.show();
  }

  /** A one-off explanation (not a problem): shown once per run for each title. */
  notice(title: string, body: string): void {
    if (this.noticed.has(title) || !Notification.isSupported()) return;
    this.noticed.add(title);
    new Notification({ title, body, icon: this.iconPath, silent: true }).show();
  }

  /** The capture health's one notification (HealthNotices decides when); a click does its action. */
  health(spec: { title: string; body: string }, onClick: () => void): void {
    if (!Notification.isSupported()) return;
    const n = new Notification({ title: spec.title, body: spec.body, icon: this.iconPath, silent: false });
    n.on('click', onClick);
    n.show();
  }

  recovered(source: ProblemSource): void {
    this.throttle.clear(source);
  }
}
