import QRCode from "qrcode";

/** The QR code as inline SVG, made on the server each second (the browser never needs the secret or a QR library). */
export function bankIdQrSvg(content: string): Promise<string> {
  return QRCode.toString(content, { type: "svg", margin: 2, errorCorrectionLevel: "L" });
}
