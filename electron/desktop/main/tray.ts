import { Menu, nativeImage, Tray, type MenuItemConstructorOptions, type NativeImage } from 'electron';
import path from 'node:path';
import { trayModel, type TrayAction, type TrayIconState, type TrayInput, type TrayModel } from '../policy/index.js';

/** Renders the tray model (electron/desktop/policy) into a real Tray; redraws only what changed. */
export class TrayController {
  private readonly tray: Tray;
  private readonly images = new Map<TrayIconState, NativeImage>();
  private lastMenu = '';
  private lastIcon: TrayIconState | null = null;
  private lastTooltip = '';

  constructor(
    private readonly iconsDir: string,
    private readonly onAction: (action: TrayAction) => void,
  ) {
    this.tray = new Tray(this.image('paused'));
    this.tray.setToolTip('Engram');
    // Windows and most Linux panels: a click opens the window; the menu is on right-click.
    this.tray.on('click', () => this.onAction({ type: 'open' }));
  }

  update(input: TrayInput): TrayModel {
    return this.render(trayModel(input));
  }

  /** Draws a model made elsewhere (the start-up tray, before the engine runs). */
  render(model: TrayModel): TrayModel {
    if (model.icon !== this.lastIcon) {
      this.tray.setImage(this.image(model.icon));
      this.lastIcon = model.icon;
    }
    if (model.tooltip !== this.lastTooltip) {
      this.tray.setToolTip(model.tooltip);
      this.lastTooltip = model.tooltip;
    }
    const menuKey = JSON.stringify(model.menu);
    if (menuKey !== this.lastMenu) {
      this.tray.setContextMenu(Menu.buildFromTemplate(model.menu.map((item) => this.menuItem(item))));
      this.lastMenu = menuKey;
    }
    return model;
  }

  destroy(): void {
    if (!this.tray.isDestroyed()) this.tray.destroy();
  }

  private menuItem(item: TrayModel['menu'][number]): MenuItemConstructorOptions {
    if (item.kind === 'separator') return { type: 'separator' };
    if (item.kind === 'status') return { label: item.label, enabled: false };
    return { id: item.id, label: item.label, enabled: item.enabled, click: () => this.onAction(item.action) };
  }

  private image(state: TrayIconState): NativeImage {
    let img = this.images.get(state);
    if (!img) {
      // Linux panels scale the image themselves and look better from a larger source.
      const file = process.platform === 'linux' ? `tray-${state}-48.png` : `tray-${state}.png`;
      img = nativeImage.createFromPath(path.join(this.iconsDir, file));
      if (process.platform === 'linux') img = img.resize({ width: 24, height: 24, quality: 'best' });
      this.images.set(state, img);
    }
    return img;
  }
}
