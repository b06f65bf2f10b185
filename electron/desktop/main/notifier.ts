import { Notification } from 'electron';
import { notificationFor, NotificationThrottle, type Problem, type ProblemSource } from '../policy/index.js';

/** Native notifications for problems, once per quiet period each (electron/desktop/policy decides). */
export class Notifier {
  private readonly throttle = new NotificationThrottle();

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

  recovered(source: ProblemSource): void {
    this.throttle.clear(source);
  }
}
