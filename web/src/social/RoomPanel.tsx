import { labNodeCost, RoomIdSchema } from "@pickle-garden/shared";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { UsersIcon } from "../icons/ui.tsx";
import { createRoom, joinRoom, leaveRoom, listRooms } from "../session/rooms.ts";
import { usePlayer } from "../stores/playerStore.ts";
import { useRoomStore } from "../stores/roomStore.ts";
import { useSocketStatus } from "./useSocketStatus.ts";

const MULTIPLAYER_NODE = "west:meta:multiplayer";

/**
 * Create or join a room by id, the open rooms (getRooms), leave (spec §4 Room, DESIGN §7 Access). In the
 * Discord activity the room is the voice channel's instance: no other room to choose, none to leave.
 */
export function RoomPanel() {
  const { t } = useTranslation("social");
  const instance = useRoomStore((s) => s.instance);
  const unlocked = usePlayer((p) => p.featureFlags.multiplayer === true);
  const cost = usePlayer((p) => labNodeCost(p, MULTIPLAYER_NODE));
  const roomId = useRoomStore((s) => s.roomId);
  const inRoom = useRoomStore((s) => s.roomId !== null && s.players.length > 0);
  const error = useRoomStore((s) => s.error);
  const status = useSocketStatus();

  return (
    <section className="pg-social__section" aria-labelledby="pg-room-title" data-testid="room-panel">
      <h2 id="pg-room-title" className="pg-social__title">
        <UsersIcon size={16} /> {t("room.title")}
      </h2>
      {instance ? (
        <p className="pg-help" role="status" data-testid="room-instance">
          {inRoom ? t("room.instance") : t("room.joiningInstance")}
        </p>
      ) : unlocked === false && !inRoom ? (
        <p className="pg-help" data-testid="room-locked">
          {t("room.locked", { cost: cost ?? 100 })} <Link to="/lab">{t("room.openLab")}</Link>
        </p>
      ) : inRoom && roomId ? (
        <InRoom roomId={roomId} />
      ) : (
        <RoomChooser disabled={status !== "connected"} />
      )}
      {error ? (
        <p className="pg-alert pg-alert--error" role="alert" data-testid="room-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}

function InRoom({ roomId }: { roomId: string }) {
  const { t } = useTranslation("social");
  const leaving = useRoomStore((s) => s.status === "leaving");
  return (
    <div className="pg-row pg-room__current">
      <p className="pg-strong pg-grow" data-testid="room-current">
        {t("room.inRoom", { roomId })}
      </p>
      <button
        type="button"
        className="pg-btn pg-btn--small"
        onClick={() => void leaveRoom()}
        disabled={leaving}
        data-testid="room-leave"
      >
        {t("room.leave")}
      </button>
    </div>
  );
}

function RoomChooser({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation("social");
  const inputId = useId();
  const [text, setText] = useState("");
  const [invalid, setInvalid] = useState(false);
  const busy = useRoomStore((s) => s.status !== "idle");
  const rooms = useRoomStore((s) => s.rooms);
  const loading = useRoomStore((s) => s.roomsLoading);

  useEffect(() => {
    if (!disabled) void listRooms();
  }, [disabled]);

  const submit = (run: (id: string) => Promise<boolean>) => (e?: FormEvent) => {
    e?.preventDefault();
    const id = text.trim();
    if (!RoomIdSchema.safeParse(id).success) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    void run(id);
  };

  return (
    <>
      <form className="pg-room__form" onSubmit={submit(joinRoom)}>
        <label htmlFor={inputId} className="pg-label">
          {t("room.idLabel")}
        </label>
        <input
          id={inputId}
          className="pg-input"
          value={text}
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={invalid}
          aria-describedby={`${inputId}-help`}
          onChange={(e) => setText(e.target.value)}
          data-testid="room-id-input"
        />
        <p id={`${inputId}-help`} className={invalid ? "pg-help pg-help--error" : "pg-help"}>
          {invalid ? t("room.idInvalid") : t("room.idHelp")}
        </p>
        <div className="pg-row">
          <button
            type="button"
            className="pg-btn pg-btn--primary pg-btn--small"
            disabled={disabled || busy}
            onClick={submit(createRoom)}
            data-testid="room-create"
          >
            {t("room.create")}
          </button>
          <button
            type="submit"
            className="pg-btn pg-btn--small"
            disabled={disabled || busy}
            data-testid="room-join"
          >
            {busy ? t("room.joining") : t("room.join")}
          </button>
        </div>
      </form>
      <div className="pg-row pg-room__list-head">
        <h3 className="pg-label pg-grow">{t("room.list")}</h3>
        <button
          type="button"
          className="pg-btn pg-btn--ghost pg-btn--small"
          onClick={() => void listRooms()}
          disabled={disabled || loading}
          aria-label={t("room.refresh")}
          title={t("room.refresh")}
          data-testid="rooms-refresh"
        >
          ↻
        </button>
      </div>
      {rooms === null || (loading && rooms.length === 0) ? (
        <p className="pg-muted" role="status">
          {t("room.loadingList")}
        </p>
      ) : rooms.length === 0 ? (
        <p className="pg-muted" data-testid="rooms-empty">
          {t("room.noRooms")}
        </p>
      ) : (
        <ul className="pg-rooms" data-testid="rooms-list">
          {rooms.map((id) => (
            <li key={id} className="pg-row">
              <span className="pg-grow pg-rooms__id">{id}</span>
              <button
                type="button"
                className="pg-btn pg-btn--small"
                disabled={disabled || busy}
                onClick={() => void joinRoom(id)}
                aria-label={t("room.joinRoom", { roomId: id })}
                data-testid={`room-join-${id}`}
              >
                {t("room.join")}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
