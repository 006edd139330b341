import type { CallContext, ChannelAnswer } from './channel-gateway';
import { callChannel } from './channel-gateway';

/** One push notification to a member's app installation. */
export interface PushMessage {
  /** The member's device or alias at the push provider. */
  readonly target: string;
  readonly title: string;
  readonly body: string;
}

/**
 * App push: the interface only. No provider is chosen yet, so the channel is never connected:
 * every push is recorded as what would have been sent (NOT_CONNECTED). A provider's adapter
 * replaces `settings: null` with its settings and a `send`.
 */
export interface PushChannel {
  send(message: PushMessage): Promise<ChannelAnswer<Record<string, unknown>>>;
}

export function pushChannel(ctx: CallContext): PushChannel {
  return {
    send: (message) =>
      callChannel<never, Record<string, unknown>>({
        ctx,
        channel: 'push',
        operation: 'push/send',
        request: message,
        settings: null,
        send: () => Promise.reject(new Error('no push provider')),
      }),
  };
}
