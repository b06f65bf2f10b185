/** "KeePassXC", "keepassxc", "KeePassXC.app", "keepassxc.exe", "Proton_Pass" all compare equal. */
export function normaliseApp(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/\.(app|exe)$/, '')
    .replace(/[\s_-]+/g, ' ');
}

/** The last part of an executable path, on any OS ("C:\\…\\KeePass.exe", "/usr/bin/keepassxc"). */
export function executableName(path: string): string {
  const parts = path.split(/[\\/]/);
  return parts[parts.length - 1] ?? '';
}
