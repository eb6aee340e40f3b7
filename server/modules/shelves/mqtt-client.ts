/**
 * A minimal MQTT 3.1.1 client (OASIS MQTT 3.1.1: CONNECT/CONNACK, PUBLISH QoS 0/1 with PUBACK,
 * SUBSCRIBE/SUBACK, PINGREQ, DISCONNECT) over plain TCP, for the shelf lights' MQTT adapter and its
 * test. Stand-in for the `mqtt` package (not installed here): the adapter only needs connect,
 * publish-and-wait-for-the-broker and subscribe, so swapping to `mqtt` later touches this file only.
 *
 * No offline queue on purpose: a publish while disconnected fails at once, so a shelf light that did
 * not reach the broker is reported as such and never delivered late, out of order with newer states.
 */
import { EventEmitter } from 'node:events';
import net from 'node:net';

const CONNECT = 1, CONNACK = 2, PUBLISH = 3, PUBACK = 4, SUBSCRIBE = 8, SUBACK = 9, PINGREQ = 12, DISCONNECT = 14;

export interface MqttMessage {
  topic: string;
  payload: Buffer;
  retain: boolean;
}

export interface MqttConnectOptions {
  clientId?: string;
  /** Connect, publish and subscribe each fail after this long. */
  timeoutMs?: number;
  keepaliveSeconds?: number;
}

const remainingLength = (length: number): Buffer => {
  const bytes: number[] = [];
  do {
    let byte = length % 128;
    length = Math.floor(length / 128);
    if (length > 0) byte |= 0x80;
    bytes.push(byte);
  } while (length > 0);
  return Buffer.from(bytes);
};

const utf8 = (text: string): Buffer => {
  const body = Buffer.from(text, 'utf8');
  const length = Buffer.alloc(2);
  length.writeUInt16BE(body.length);
  return Buffer.concat([length, body]);
};

const packet = (type: number, flags: number, ...parts: Buffer[]): Buffer => {
  const body = Buffer.concat(parts);
  return Buffer.concat([Buffer.from([(type << 4) | flags]), remainingLength(body.length), body]);
};

const u16 = (value: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(value);
  return b;
};

export class MqttClient extends EventEmitter<{ message: [MqttMessage]; close: [] }> {
  private buffer = Buffer.alloc(0);
  private nextId = 1;
  private readonly waiting = new Map<string, { resolve: (body: Buffer) => void; reject: (error: Error) => void }>();
  private ping: NodeJS.Timeout | undefined;
  connected = false;

  private constructor(
    private readonly socket: net.Socket,
    private readonly timeoutMs: number,
  ) {
    super();
    socket.on('data', (chunk) => this.receive(chunk));
    const closed = () => {
      this.connected = false;
      clearInterval(this.ping);
      for (const { reject } of this.waiting.values()) reject(new Error('MQTT connection closed'));
      this.waiting.clear();
      this.emit('close');
    };
    socket.on('close', closed);
    socket.on('error', () => socket.destroy());
  }

  /** Connects to `mqtt://host:port` (port 1883 when not given); rejects when the broker is not there or refuses. */
  static async connect(url: string, options: MqttConnectOptions = {}): Promise<MqttClient> {
    const { hostname, port, protocol } = new URL(url);
    if (protocol !== 'mqtt:' && protocol !== 'tcp:') throw new Error(`MQTT URL ${url}: only mqtt://host:port is supported`);
    const timeoutMs = options.timeoutMs ?? 3000;
    const socket = net.connect({ host: hostname || '127.0.0.1', port: Number(port || 1883) });
    socket.setNoDelay(true);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error(`MQTT broker ${url} did not answer within ${timeoutMs} ms`));
      }, timeoutMs);
      socket.once('connect', () => (clearTimeout(timer), resolve()));
      socket.once('error', (error) => (clearTimeout(timer), reject(error)));
    });
    const client = new MqttClient(socket, timeoutMs);
    const keepalive = options.keepaliveSeconds ?? 60;
    const clientId = options.clientId ?? `portal-${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
    // Protocol name, level 4 (3.1.1), flags: clean session; keep alive.
    const connack = client.expect('connack');
    socket.write(packet(CONNECT, 0, utf8('MQTT'), Buffer.from([4, 0x02]), u16(keepalive), utf8(clientId)));
    const body = await connack;
    if (body[1] !== 0) {
      socket.destroy();
      throw new Error(`MQTT broker ${url} refused the connection (return code ${body[1]})`);
    }
    client.connected = true;
    client.ping = setInterval(() => socket.write(packet(PINGREQ, 0)), (keepalive * 1000) / 2);
    client.ping.unref();
    return client;
  }

  /** Publishes; with QoS 1 resolves once the broker has acknowledged it. */
  publish(topic: string, payload: string | Buffer, options: { qos?: 0 | 1; retain?: boolean } = {}): Promise<void> {
    if (!this.connected) return Promise.reject(new Error('MQTT client not connected'));
    const qos = options.qos ?? 0;
    const flags = (qos << 1) | (options.retain ? 1 : 0);
    const data = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;
    if (qos === 0) {
      this.socket.write(packet(PUBLISH, flags, utf8(topic), data));
      return Promise.resolve();
    }
    const id = this.packetId();
    const acked = this.expect(`puback:${id}`);
    this.socket.write(packet(PUBLISH, flags, utf8(topic), u16(id), data));
    return acked.then(() => undefined);
  }

  /** Subscribes to a topic filter at QoS 1; messages arrive as 'message' events. */
  async subscribe(filter: string): Promise<void> {
    if (!this.connected) throw new Error('MQTT client not connected');
    const id = this.packetId();
    const acked = this.expect(`suback:${id}`);
    this.socket.write(packet(SUBSCRIBE, 0x02, u16(id), utf8(filter), Buffer.from([1])));
    const body = await acked;
    if (body[2] === 0x80) throw new Error(`MQTT broker refused the subscription to ${filter}`);
  }

  async end(): Promise<void> {
    clearInterval(this.ping);
    if (this.socket.destroyed) return;
    await new Promise<void>((resolve) => {
      this.socket.once('close', () => resolve());
      if (this.connected) this.socket.end(packet(DISCONNECT, 0));
      else this.socket.destroy();
      setTimeout(() => (this.socket.destroy(), resolve()), 1000).unref();
    });
  }

  private packetId(): number {
    const id = this.nextId;
    this.nextId = id === 0xffff ? 1 : id + 1;
    return id;
  }

  private expect(key: string): Promise<Buffer> {
    return new Promise<Buffer>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(key);
        reject(new Error(`MQTT broker did not answer (${key.split(':')[0]}) within ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      this.waiting.set(key, {
        resolve: (body) => (clearTimeout(timer), resolve(body)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      });
    });
  }

  private settle(key: string, body: Buffer) {
    const waiter = this.waiting.get(key);
    this.waiting.delete(key);
    waiter?.resolve(body);
  }

  private receive(chunk: Buffer) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      if (this.buffer.length < 2) return;
      let length = 0;
      let multiplier = 1;
      let offset = 1;
      let byte: number;
      do {
        if (offset >= this.buffer.length) return;
        byte = this.buffer[offset++];
        length += (byte & 0x7f) * multiplier;
        multiplier *= 128;
      } while (byte & 0x80);
      if (this.buffer.length < offset + length) return;
      const header = this.buffer[0];
      const body = this.buffer.subarray(offset, offset + length);
      this.buffer = this.buffer.subarray(offset + length);
      this.handle(header >> 4, header & 0x0f, body);
    }
  }

  private handle(type: number, flags: number, body: Buffer) {
    if (type === CONNACK) this.settle('connack', body);
    else if (type === PUBACK) this.settle(`puback:${body.readUInt16BE(0)}`, body);
    else if (type === SUBACK) this.settle(`suback:${body.readUInt16BE(0)}`, body);
    else if (type === PUBLISH) {
      const topicLength = body.readUInt16BE(0);
      const topic = body.subarray(2, 2 + topicLength).toString('utf8');
      const qos = (flags >> 1) & 3;
      let offset = 2 + topicLength;
      if (qos > 0) {
        const id = body.readUInt16BE(offset);
        offset += 2;
        this.socket.write(packet(PUBACK, 0, u16(id)));
      }
      this.emit('message', { topic, payload: Buffer.from(body.subarray(offset)), retain: (flags & 1) === 1 });
    }
  }
}
