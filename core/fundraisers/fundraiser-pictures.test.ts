import { describe, expect, it } from "vitest";
import { boundedPictureProcessor, parsePictureFileName, pictureFileName, PicturesBusyError, processUpload, sniffPictureType, type PictureProcessing } from "./fundraiser-pictures";

describe("a fundraiser's picture before it is decoded", () => {
  it("is known by its first bytes, not its name or claimed type", () => {
    expect(sniffPictureType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffPictureType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe("image/png");
    expect(sniffPictureType(new TextEncoder().encode("RIFF\0\0\0\0WEBPVP8 "))).toBe("image/webp");
    expect(sniffPictureType(new TextEncoder().encode("\0\0\0\x18ftypheic\0\0\0\0"))).toBe("heic");
    expect(sniffPictureType(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(sniffPictureType(new TextEncoder().encode("GIF89a"))).toBeNull();
  });

  it("is refused over the size limit or of the wrong kind without reaching the processor", async () => {
    let asked = 0;
    const processor = { process: async (): Promise<PictureProcessing> => (asked++, { ok: false, message: "x" }) };
    expect(await processUpload(processor, new Uint8Array(2048).fill(0xff), { maxBytes: 1024 })).toEqual({ ok: false, message: "Bilden är för stor. Filen får vara högst 1 kB. Förminska bilden eller välj en annan." });
    expect((await processUpload(processor, new TextEncoder().encode("hej"), { maxBytes: 1024 })).ok).toBe(false);
    expect(asked).toBe(0);
  });

  it("is decoded one at a time, a few waiting, and the next refused at once", async () => {
    const release: Array<() => void> = [];
    let running = 0;
    let most = 0;
    const slow = {
      process: () =>
        new Promise<PictureProcessing>((resolve) => {
          running++;
          most = Math.max(most, running);
          release.push(() => {
            running--;
            resolve({ ok: false, message: "klar" });
          });
        }),
    };
    const bounded = boundedPictureProcessor(slow, { concurrency: 1, queueMax: 2 });
    const first = bounded.process(new Uint8Array());
    const waiting = [bounded.process(new Uint8Array()), bounded.process(new Uint8Array())];
    await expect(bounded.process(new Uint8Array())).rejects.toBeInstanceOf(PicturesBusyError);
    expect(bounded.inFlight).toBe(3);
    while (release.length > 0 || bounded.inFlight > 0) {
      await new Promise((r) => setTimeout(r, 1));
      release.shift()?.();
    }
    await Promise.all([first, ...waiting]);
    expect(most).toBe(1);
  });

  it("has addresses that name one variant of one picture", () => {
    const id = "AbCdEfGhIjKlMnOpQrSt_-";
    expect(pictureFileName(id, "share")).toBe(`${id}-dela.jpg`);
    expect(parsePictureFileName(`${id}-1200.jpg`)).toEqual({ pictureId: id, variant: "large" });
    expect(parsePictureFileName(`${id}-1200.png`)).toBeNull();
    expect(parsePictureFileName(`../${id}-1200.jpg`)).toBeNull();
  });
});
