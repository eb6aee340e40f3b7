/**
 * Smart shelves (issue 17): the one device adapter interface for a rack cell's light, and its two
 * implementations, chosen by the setting SHELF_LIGHTS (README "Settings"):
 *
 * - `simulator` (default): the built-in simulator, which takes every change; the rack view
 *   (Shelf/Cells) is its display: each cell's last state sent, as recorded (shelf_cell_lights) by
 *   whichever server process sent it, so every process shows the same (a memory of its own per process
 *   would show only the changes that process sent).
 * - `mqtt`: one retained QoS 1 message per change on `<MQTT_TOPIC_PREFIX>/<org code>/shelf/<rack
 *   code>/<cell code>/light` with the JSON payload {"on", "color", "blink", "address"} (`address`: the
 *   cell's 灯地址 light_address, the controller's own numbering) to the broker at MQTT_URL. Retained,
 *   because the message is the cell's whole state, not a toggle: a controller that restarts or
 *   reconnects gets every cell's current state from the broker at once, and a repeat is harmless.
 */
import type { ServerConfig } from '../../config.ts';
import mqtt, { type MqttClient } from 'mqtt';

export type LightColor = 'green' | 'blue' | 'red' | 'yellow' | 'white';

export interface CellLight {
  on: boolean;
  color: LightColor;
  blink: boolean;
}

export const LIGHT_OFF: CellLight = { on: false, color: 'green', blink: false };

/** A cell as a device knows it. */
export interface ShelfCell {
  orgCode: string;
  rackCode: string;
  cellCode: string;
  /** The cell's 灯地址 (md_rack_cell.light_address). */
  address: string;
}

export interface ShelfLights {
  readonly kind: 'simulator' | 'mqtt';
  /** Sets a cell's light; rejects when the device side did not take it (e.g. the broker is down). */
  set(cell: ShelfCell, light: CellLight): Promise<void>;
  close(): Promise<void>;
}

/** The settings the adapters read (README "Settings": SHELF_LIGHTS, MQTT_URL, MQTT_TOPIC_PREFIX, MQTT_TIMEOUT_MS). */
export type ShelfLightsSettings = Pick<ServerConfig, 'shelfLights' | 'mqttUrl' | 'mqttTopicPrefix' | 'mqttTimeoutMs'>;

/** The built-in simulator: takes every change; what the cells show is the rack view's (the header). */
export class SimulatedShelfLights implements ShelfLights {
  readonly kind = 'simulator';
  async set(_cell: ShelfCell, _light: CellLight): Promise<void> {}
  async close(): Promise<void> {}
}

/** A cell the device cannot be told about (its own fault, not the device's: the other cells are still sent). */
export class CellAddressError extends Error {}

/** MQTT topic levels must not hold the wildcards or the level separator. */
const topicLevel = (value: string) => {
  if (!value || /[+#/]/.test(value) || value.includes('\u0000')) throw new CellAddressError(`"${value}" cannot be an MQTT topic level`);
  return value;
};

export const lightTopic = (prefix: string, cell: Pick<ShelfCell, 'orgCode' | 'rackCode' | 'cellCode'>) =>
  [prefix, topicLevel(cell.orgCode), 'shelf', topicLevel(cell.rackCode), topicLevel(cell.cellCode), 'light'].join('/');

/** Rejects when `work` has not settled in `ms`. */
function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer from the MQTT broker in ${ms} ms`)), ms)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * MQTT (the `mqtt` package): one connection, made on first use and again after it drops. No automatic
 * reconnect and no offline queue: a change the broker has not acknowledged in MQTT_TIMEOUT_MS fails now
 * (the connection is dropped with what it held), so a light is never switched late, after the reel moved on.
 */
export class MqttShelfLights implements ShelfLights {
  readonly kind = 'mqtt';
  private client: Promise<MqttClient> | undefined;
  constructor(private readonly settings: ShelfLightsSettings) {}

  private connection(): Promise<MqttClient> {
    if (!this.client) {
      const options = { connectTimeout: this.settings.mqttTimeoutMs, reconnectPeriod: 0, queueQoSZero: false };
      const connecting = within(mqtt.connectAsync(this.settings.mqttUrl, options, false), this.settings.mqttTimeoutMs, 'connect');
      this.client = connecting;
      const forget = () => {
        if (this.client === connecting) this.client = undefined;
      };
      connecting.then((client) => client.once('close', forget), forget);
    }
    return this.client;
  }

  async set(cell: ShelfCell, light: CellLight): Promise<void> {
    const topic = lightTopic(this.settings.mqttTopicPrefix, cell);
    const client = await this.connection();
    const payload = JSON.stringify({ on: light.on, color: light.color, blink: light.blink, address: cell.address });
    try {
      await within(client.publishAsync(topic, payload, { qos: 1, retain: true }), this.settings.mqttTimeoutMs, topic);
    } catch (error) {
      // Whatever the connection still holds for the broker is dropped with it: never delivered late.
      this.client = undefined;
      client.end(true);
      throw error;
    }
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    await client?.then((c) => c.endAsync(), () => {});
  }
}

export const createShelfLights = (settings: ShelfLightsSettings): ShelfLights =>
  settings.shelfLights === 'mqtt' ? new MqttShelfLights(settings) : new SimulatedShelfLights();
