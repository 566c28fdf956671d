import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Icon } from '@/components/ui/Icon';
import { constants } from '@/config/rules';
import {
  QUICK_OPTIONS,
  getBotReply,
  initialMessages,
  isBlank,
  makeMessage,
  replyDelayMs,
  type ChatMessage,
} from '../lib/chat-rules';
import './chat-panel.css';

export interface ChatPanelProps {
  open: boolean;
  onClose: () => void;
  random?: () => number;
}

export default function ChatPanel({ open, onClose, random = Math.random }: ChatPanelProps) {
  const [messages, setMessages] = useState<ChatMessage[]>(() => initialMessages());
  const [draft, setDraft] = useState('');
  const [typing, setTyping] = useState(false);
  const timers = useRef<number[]>([]);
  const listRef = useRef<HTMLOListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => () => timers.current.forEach((t) => window.clearTimeout(t)), []);
  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);
  useEffect(() => {
    const list = listRef.current;
    if (list && typeof list.scrollTo === 'function') list.scrollTo({ top: list.scrollHeight });
  }, [messages, typing]);

  const send = (text: string) => {
    if (isBlank(text)) return;
    const clean = text.trim();
    setMessages((current) => [...current, makeMessage(clean, 'user')]);
    setDraft('');
    setTyping(true);
    const timer = window.setTimeout(() => {
      setMessages((current) => [...current, makeMessage(getBotReply(clean), 'bot')]);
      setTyping(false);
    }, replyDelayMs(random));
    timers.current.push(timer);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send(draft);
  };

  return (
    <section id="chat-panel" className="chat-panel" hidden={!open} aria-labelledby="chat-title">
      <header className="chat-panel__header">
        <span className="chat-panel__avatar" aria-hidden="true">
          <Icon name="headset" size={20} />
        </span>
        <div>
          <h2 id="chat-title">Vandy Assistant</h2>
          <p>Typically replies in seconds</p>
        </div>
        <button type="button" className="icon-button" onClick={onClose}>
          <Icon name="close" size={18} />
          <span className="visually-hidden">Close chat assistant</span>
        </button>
      </header>
      <ol className="chat-messages" ref={listRef} aria-live="polite" aria-label="Chat messages">
        {messages.map((m) => (
          <li key={m.id} className={`chat-bubble chat-bubble--${m.sender}`}>
            <span className="visually-hidden">{m.sender === 'bot' ? 'Assistant:' : 'You:'} </span>
            {m.text}
          </li>
        ))}
        {typing ? (
          <li className="chat-bubble chat-bubble--bot chat-typing" data-testid="typing-indicator">
            <span className="visually-hidden">The assistant is typing</span>
            <span className="dot" aria-hidden="true" />
            <span className="dot" aria-hidden="true" />
            <span className="dot" aria-hidden="true" />
          </li>
        ) : null}
      </ol>
      {messages.length === 1 ? (
        <div className="chat-options" role="group" aria-label="Quick options">
          {QUICK_OPTIONS.map((option) => (
            <button key={option} type="button" className="chip" onClick={() => send(option)}>
              {option}
            </button>
          ))}
        </div>
      ) : null}
      <form className="chat-form" onSubmit={onSubmit}>
        <label htmlFor="chat-input" className="visually-hidden">
          Type your message
        </label>
        <input
          id="chat-input"
          ref={inputRef}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder="Type your message..."
          autoComplete="off"
          maxLength={500}
        />
        <button type="submit" className="icon-button icon-button--send">
          <Icon name="send" size={18} />
          <span className="visually-hidden">Send message</span>
        </button>
      </form>
      <p className="chat-panel__foot">
        {constants.agencyTitle} · {constants.officeHours}
      </p>
    </section>
  );
}
