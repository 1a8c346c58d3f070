// Saving a text as a file on the device, for the export and the year report's CSV.

/** Saves the text as a file: a Blob behind a link clicked once, then let go. */
export function download(file: { name: string; type: string; text: string }): void {
  const url = URL.createObjectURL(new Blob([file.text], { type: file.type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the Blob to the download; a revoke in the same task may cancel it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
