import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { ManualClock } from "#core/clock";
import { findFundraiserBySlug, verifyFundraiserManageAccess } from "#core/fundraisers/fundraiser-service";
import { reviewFundraiser } from "#core/fundraisers/fundraiser-moderation";
import { PICTURE_MESSAGES, approveFundraiserPicture, fundraiserPicture, pictureBytes, picturePath, removeFundraiserPicture, type PictureVariant } from "#core/fundraisers/fundraiser-pictures";
import { testEngines } from "#tests/support/test-databases";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { outcome, routeContext, type RouteHandler } from "#tests/support/route-call";
import { decodePng } from "#tests/support/png-inspect";
import { crc32 } from "#core/companies/company-logo";
import * as startPage from "#app/fundraisers/fundraiser-start";
import * as managePage from "#app/fundraisers/fundraiser-manage";
import * as sharePng from "#app/fundraisers/fundraiser-share-png";

/**
 * Fundraisers' uploaded pictures (decision 0053) as a browser without
 * JavaScript sends them – a multipart start form – on a real container
 * (SQLite, and PostgreSQL with TEST_DATABASE_URL): a phone photo with its
 * EXIF orientation and GPS position, XMP and a Display P3 profile is stored
 * upright, in sRGB and with no metadata at all; too large, wrong kind, HEIC
 * and a decompression bomb are refused on the field in Swedish with nothing
 * stored; the picture is served only once staff approved it, with a year's
 * caching, and fills the share image.
 */
const TODAY = "2026-11-23";
const MAX_KB = 400;

/** 400 × 300 as the camera stored it: the left half red, the right half blue; EXIF orientation 6 says "turn it a quarter clockwise to view". */
async function phonePhoto(): Promise<Buffer> {
  const width = 400;
  const height = 300;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw[(y * width + x) * 3 + (x < width / 2 ? 0 : 2)] = 220;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .withExif({ IFD0: { Make: "Testkamera", Model: "Hemlig modell" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "59/1 19/1 4500/100", GPSLongitudeRef: "E", GPSLongitude: "18/1 4/1 1200/100" } })
    .withMetadata({ orientation: 6 })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Anna Andersson</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>')
    .withIccProfile("p3")
    .jpeg({ quality: 95 })
    .toBuffer();
}

/** The PNG with its header (IHDR) claiming other dimensions, its checksum made right. */
function claimedSize(png: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(png);
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)), 29);
  return out;
}

describe.each(testEngines)("fundraisers' uploaded pictures on %s", (engine) => {
  const clock = new ManualClock(`${TODAY}T12:00:00Z`);
  let server: TestServer;
  let ip = 0;
  beforeAll(async () => {
    server = await startTestServer({ engine, clock, env: { RESEARCH_SNAPSHOT_FILE: "/nonexistent/research-projects.json", FUNDRAISER_PICTURE_MAX_KB: String(MAX_KB) } });
  }, 60_000);
  afterAll(() => server.dispose());

  const count = async (table: "fundraisers" | "fundraiser_pictures") =>
    Number((await server.container.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);

  /** The start form, posted as a browser sends it (each from its own address, under the per-visitor limits). */
  function start(slug: string, picture: { bytes: Uint8Array; name: string; type: string } | null, over: Record<string, string> = {}) {
    const body = new FormData();
    const fields = {
      kind: "birthday",
      title: "Annas 50-årsdag för hjärtat",
      message: "Jag fyller 50 och önskar mig gåvor till forskningen i stället för presenter.",
      picture: "ballonger",
      pictureAlt: "Anna blåser ut ljusen på tårtan",
      organiserName: "Anna Andersson",
      organiserEmail: `${slug}@exempel.se`,
      slug,
      listed: "on",
      showTotal: "on",
      terms: "on",
      ...over,
    };
    for (const [key, value] of Object.entries(fields)) body.set(key, value);
    body.set("pictureFile", picture ? new File([new Uint8Array(picture.bytes)], picture.name, { type: picture.type }) : new File([], "", { type: "application/octet-stream" }));
    const request = new Request(`${server.container.config.publicUrl}/insamling`, { method: "POST", headers: { origin: server.container.config.publicUrl }, body });
    return outcome(() => (startPage.action as unknown as RouteHandler)({ request, context: routeContext(server.container, `198.51.100.${++ip}`), params: {} }));
  }

  const get = (path: string) => fetch(`${server.url}${path}`);

  it("stores a phone photo upright, in sRGB and with no EXIF, GPS, XMP or ICC, and serves it only once staff approved it", async () => {
    const photo = await phonePhoto();
    const before = await sharp(photo).metadata();
    expect([before.orientation, before.exif !== undefined, before.xmp !== undefined, before.icc !== undefined]).toEqual([6, true, true, true]);

    const answer = await start("annas-bild", { bytes: photo, name: "IMG_0001.JPG", type: "image/jpeg" });
    expect(answer.response?.status).toBe(303);
    const fundraiser = (await findFundraiserBySlug(server.container.db, "annas-bild"))!;
    const picture = (await fundraiserPicture(server.container.db, fundraiser.id))!;
    expect(picture).toMatchObject({ altText: "Anna blåser ut ljusen på tårtan", approved: false, large: { width: 300, height: 400 } });

    const sizes: Record<PictureVariant, [number, number]> = { large: [300, 400], medium: [300, 400], card: [480, 320], share: [600, 630] };
    for (const [variant, [width, height]] of Object.entries(sizes) as Array<[PictureVariant, [number, number]]>) {
      const bytes = (await pictureBytes(server.container.db, fundraiser.id, picture.id, variant, { evenUnapproved: true }))!;
      const meta = await sharp(bytes).metadata();
      expect([variant, meta.format, meta.width, meta.height, meta.space]).toEqual([variant, "jpeg", width, height, "srgb"]);
      expect({ exif: meta.exif, xmp: meta.xmp, icc: meta.icc, iptc: meta.iptc, orientation: meta.orientation }).toEqual({ exif: undefined, xmp: undefined, icc: undefined, iptc: undefined, orientation: undefined });
      const text = Buffer.from(bytes).toString("latin1");
      for (const secret of ["Testkamera", "Hemlig modell", "Anna Andersson", "GPS"]) expect(text).not.toContain(secret);
    }
    // Upright: turned a quarter clockwise, the camera's left half (red) is now on top, its right half (blue) below.
    const large = await sharp((await pictureBytes(server.container.db, fundraiser.id, picture.id, "large", { evenUnapproved: true }))!).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...large.data.subarray((y * large.info.width + x) * 3, (y * large.info.width + x) * 3 + 3)];
    const [top, bottom] = [pixel(150, 60), pixel(150, 340)];
    expect(top[0]).toBeGreaterThan(150);
    expect(top[2]).toBeLessThan(80);
    expect(bottom[2]).toBeGreaterThan(150);
    expect(bottom[0]).toBeLessThan(80);

    // The page shows once its organiser confirms; the picture waits for staff, so its address answers nothing yet.
    const { token } = await confirm(fundraiser.slug, fundraiser.id);
    const url = picturePath(`/insamling/${fundraiser.slug}`, picture.id, "large");
    expect((await get(url)).status).toBe(404);
    // The organiser sees it on their page meanwhile, inline.
    const manage = await outcome(() =>
      (managePage.loader as unknown as RouteHandler)({
        request: new Request(`${server.container.config.publicUrl}/insamling/${fundraiser.slug}/hantera?token=${encodeURIComponent(token)}`),
        context: routeContext(server.container, "198.51.100.200"),
        params: { slug: fundraiser.slug },
      }),
    );
    expect(manage.data.picture).toMatchObject({ approved: false, alt: "Anna blåser ut ljusen på tårtan", width: 300, height: 400 });
    expect(manage.data.picture.src).toMatch(/^data:image\/jpeg;base64,/);

    // Staff approve the page having seen the picture: both show.
    await reviewFundraiser(server.container.db, clock, fundraiser.id, "staff:1", { decision: "approve" });
    expect(await approveFundraiserPicture(server.container.db, clock, fundraiser.id, picture.id, "staff:1")).toBe(true);
    const served = await get(url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const body = new Uint8Array(await served.arrayBuffer());
    expect(Number(served.headers.get("content-length"))).toBe(body.byteLength);
    expect((await sharp(body).metadata()).width).toBe(300);
    // Another picture id, a made-up variant or another page's address: nothing.
    expect((await get(url.replace(picture.id, "A".repeat(22)))).status).toBe(404);
    expect((await get(url.replace("-1200.jpg", "-9999.jpg"))).status).toBe(404);
    expect((await get(url.replace("/annas-bild/", "/annan-sida/"))).status).toBe(404);

    // The share image is drawn on the picture: its right part is the photo (red above, blue below), not the drawn design.
    const share = await outcome(() =>
      (sharePng.loader as unknown as RouteHandler)({
        request: new Request(`${server.container.config.publicUrl}/insamling/${fundraiser.slug}/dela.png`),
        context: routeContext(server.container, "198.51.100.201"),
        params: { slug: fundraiser.slug },
      }),
    );
    const png = decodePng(Buffer.from(await share.response!.arrayBuffer()));
    expect([png.width, png.height]).toEqual([1200, 630]);
    const at = (x: number, y: number) => [...png.pixels.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 3)];
    expect(at(1000, 315)[0]! + at(1000, 315)[2]!).toBeGreaterThan(150);
    expect(at(1000, 315)[1]).toBeLessThan(60);

    // Removed by staff (or the organiser): gone from its address.
    expect(await removeFundraiserPicture(server.container.db, fundraiser.id)).toBe(true);
    expect((await get(url)).status).toBe(404);
  }, 120_000);

  async function confirm(slug: string, id: string) {
    const { signManageLink } = await import("#core/memorial/collection-links");
    const row = await server.container.db.selectFrom("fundraisers").select("manage_token_id").where("id", "=", id).executeTakeFirstOrThrow();
    const token = signManageLink(server.container.collections.linkKey, { id, manageTokenId: row.manage_token_id }, clock.now());
    expect((await verifyFundraiserManageAccess(server.container.db, clock, server.container.collections.linkKey, slug, token)).ok).toBe(true);
    return { token };
  }

  it("refuses too large, not a picture, HEIC, a decompression bomb, too small and a picture without its description on the field in Swedish, storing nothing", async () => {
    const fundraisers = await count("fundraisers");
    const pictures = await count("fundraiser_pictures");
    const noise = await sharp(Buffer.from(Array.from({ length: 700 * 700 * 3 }, () => Math.floor(Math.random() * 256))), { raw: { width: 700, height: 700, channels: 3 } })
      .jpeg({ quality: 100 })
      .toBuffer();
    expect(noise.byteLength).toBeGreaterThan(MAX_KB * 1024);
    // A PNG whose header says 20 000 × 20 000 (1.2 GB once decoded) in a few hundred bytes: refused from its header, before any pixel is made.
    const bomb = claimedSize(await sharp({ create: { width: 64, height: 64, channels: 3, background: "#ffffff" } }).png().toBuffer(), 20_000, 20_000);
    expect(bomb.byteLength).toBeLessThan(MAX_KB * 1024);
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypheic"), Buffer.from([0, 0, 0, 0]), Buffer.from("mif1heic"), Buffer.alloc(200)]);
    const tiny = await sharp({ create: { width: 200, height: 120, channels: 3, background: "#a3112e" } }).png().toBuffer();

    const cases: Array<[string, { bytes: Uint8Array; name: string; type: string }, string | RegExp]> = [
      ["too large", { bytes: noise, name: "stor.jpg", type: "image/jpeg" }, `Bilden är för stor. Filen får vara högst ${MAX_KB} kB. Förminska bilden eller välj en annan.`],
      ["not a picture", { bytes: Buffer.from("<html><script>alert(1)</script></html>"), name: "bild.jpg", type: "image/jpeg" }, PICTURE_MESSAGES.wrongType],
      ["HEIC", { bytes: heic, name: "IMG_0002.HEIC", type: "image/heic" }, PICTURE_MESSAGES.heic],
      ["a bomb", { bytes: bomb, name: "bomb.png", type: "image/png" }, /^Bilden är 20\s000 × 20\s000 bildpunkter, fler än vi kan ta emot/],
      ["a broken JPEG", { bytes: noise.subarray(0, 2000), name: "trasig.jpg", type: "image/jpeg" }, PICTURE_MESSAGES.broken],
      ["too small", { bytes: tiny, name: "liten.png", type: "image/png" }, /^Bilden är bara 200 × 120 bildpunkter/],
    ];
    for (const [what, file, message] of cases) {
      const answer = await start(`vagrad-${what.replace(/\W+/g, "-")}`, file);
      expect(answer.status, what).toBe(400);
      expect(answer.data.result.error.pictureFile[0], what).toMatch(message instanceof RegExp ? message : new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
    }
    const photo = await phonePhoto();
    const withoutAlt = await start("utan-beskrivning", { bytes: photo, name: "IMG.jpg", type: "image/jpeg" }, { pictureAlt: "" });
    expect(withoutAlt.status).toBe(400);
    expect(withoutAlt.data.result.error.pictureAlt).toEqual([PICTURE_MESSAGES.altMissing]);
    // Another field wrong: the chosen picture cannot come back with the page, and its field says so.
    const otherError = await start("annat-fel", { bytes: photo, name: "IMG.jpg", type: "image/jpeg" }, { title: "" });
    expect(otherError.data.result.error.pictureFile).toEqual([PICTURE_MESSAGES.chooseAgain]);
    expect([await count("fundraisers"), await count("fundraiser_pictures")]).toEqual([fundraisers, pictures]);

    // Without a picture the form works as before.
    const plain = await start("utan-bild", null, { pictureAlt: "" });
    expect(plain.response?.status).toBe(303);
    expect(await count("fundraiser_pictures")).toBe(pictures);
  }, 120_000);
});
