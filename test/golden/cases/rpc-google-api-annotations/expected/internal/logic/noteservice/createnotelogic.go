package noteservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/notes/internal/svc"
	notesv1 "example.com/notes/pb/notes/v1"
)

type CreateNoteLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewCreateNoteLogic(ctx context.Context, svcCtx *svc.ServiceContext) *CreateNoteLogic {
	return &CreateNoteLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// CreateNote implements notes.v1.NoteService/CreateNote.
func (l *CreateNoteLogic) CreateNote(in *notesv1.CreateNoteRequest) (*notesv1.Note, error) {
	// todo: add your logic here and delete this line

	return &notesv1.Note{}, nil
}
