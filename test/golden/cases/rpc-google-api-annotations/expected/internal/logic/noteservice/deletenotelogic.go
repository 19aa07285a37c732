package noteservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/notes/internal/svc"
	notesv1 "example.com/notes/pb/notes/v1"
	"google.golang.org/protobuf/types/known/emptypb"
)

type DeleteNoteLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewDeleteNoteLogic(ctx context.Context, svcCtx *svc.ServiceContext) *DeleteNoteLogic {
	return &DeleteNoteLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// DeleteNote implements notes.v1.NoteService/DeleteNote.
func (l *DeleteNoteLogic) DeleteNote(in *notesv1.DeleteNoteRequest) (*emptypb.Empty, error) {
	// todo: add your logic here and delete this line

	return &emptypb.Empty{}, nil
}
